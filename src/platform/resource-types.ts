// Written by `npm run types` from src/types/registry.ts (tests/tools/type-files.ts): do not edit.
import type { TypeList } from '../../server/http/type-routes.ts'
import * as accessTokensExample from '../types/access-tokens/example.ts'
import * as accessTokens from '../types/access-tokens/server.ts'
import * as blocklistExample from '../types/blocklist/example.ts'
import * as blocklistRoutes from '../types/blocklist/routes.ts'
import * as blocklist from '../types/blocklist/server.ts'
import * as captchasExample from '../types/captchas/example.ts'
import * as captchas from '../types/captchas/server.ts'
import * as codeSnippetsExample from '../types/code-snippets/example.ts'
import * as codeSnippets from '../types/code-snippets/server.ts'
import * as customersExample from '../types/customers/example.ts'
import * as customers from '../types/customers/server.ts'
import * as directorsExample from '../types/directors/example.ts'
import * as directorsRoutes from '../types/directors/routes.ts'
import * as directors from '../types/directors/server.ts'
import * as ipListsExample from '../types/ip-lists/example.ts'
import * as ipListsRoutes from '../types/ip-lists/routes.ts'
import * as ipLists from '../types/ip-lists/server.ts'
import * as leCertificatesExample from '../types/le-certificates/example.ts'
import * as leCertificatesRoutes from '../types/le-certificates/routes.ts'
import * as leCertificates from '../types/le-certificates/server.ts'
import * as nodesExample from '../types/nodes/example.ts'
import * as nodesRoutes from '../types/nodes/routes.ts'
import * as nodes from '../types/nodes/server.ts'
import * as organizationsExample from '../types/organizations/example.ts'
import * as organizations from '../types/organizations/server.ts'
import * as pageRulesExample from '../types/page-rules/example.ts'
import * as pageRules from '../types/page-rules/server.ts'
import * as poolsExample from '../types/pools/example.ts'
import * as pools from '../types/pools/server.ts'
import * as projectsExample from '../types/projects/example.ts'
import * as projects from '../types/projects/server.ts'
import * as rateLimitsExample from '../types/rate-limits/example.ts'
import * as rateLimits from '../types/rate-limits/server.ts'
import * as ssoMappingsExample from '../types/sso-mappings/example.ts'
import * as ssoMappingsRoutes from '../types/sso-mappings/routes.ts'
import * as ssoMappings from '../types/sso-mappings/server.ts'
import * as syntheticResponsesExample from '../types/synthetic-responses/example.ts'
import * as syntheticResponses from '../types/synthetic-responses/server.ts'
import * as tlsPoliciesExample from '../types/tls-policies/example.ts'
import * as tlsPolicies from '../types/tls-policies/server.ts'
import * as tokensExample from '../types/tokens/example.ts'
import * as tokens from '../types/tokens/server.ts'
import * as usersExample from '../types/users/example.ts'
import * as users from '../types/users/server.ts'
import * as wafPoliciesExample from '../types/waf-policies/example.ts'
import * as wafPolicies from '../types/waf-policies/server.ts'
import * as websitesExample from '../types/websites/example.ts'
import * as websitesRoutes from '../types/websites/routes.ts'
import * as websites from '../types/websites/server.ts'

/**
 * Every resource type's server definition, the routes of its own actions and its examples for the API
 * documents, in the registry's order.
 */
export const RESOURCE_TYPES: TypeList = [
  { server: websites.server, routes: websitesRoutes.routes, example: websitesExample.example },
  { server: pageRules.server, example: pageRulesExample.example },
  { server: directors.server, routes: directorsRoutes.routes, example: directorsExample.example },
  { server: syntheticResponses.server, example: syntheticResponsesExample.example },
  { server: codeSnippets.server, example: codeSnippetsExample.example },
  { server: ipLists.server, routes: ipListsRoutes.routes, example: ipListsExample.example },
  { server: rateLimits.server, example: rateLimitsExample.example },
  { server: wafPolicies.server, example: wafPoliciesExample.example },
  { server: captchas.server, example: captchasExample.example },
  { server: tlsPolicies.server, example: tlsPoliciesExample.example },
  { server: leCertificates.server, routes: leCertificatesRoutes.routes, example: leCertificatesExample.example },
  { server: nodes.server, routes: nodesRoutes.routes, example: nodesExample.example },
  { server: pools.server, example: poolsExample.example },
  { server: blocklist.server, routes: blocklistRoutes.routes, example: blocklistExample.example },
  { server: users.server, example: usersExample.example },
  { server: tokens.server, example: tokensExample.example },
  { server: accessTokens.server, example: accessTokensExample.example },
  { server: ssoMappings.server, routes: ssoMappingsRoutes.routes, example: ssoMappingsExample.example },
  { server: organizations.server, example: organizationsExample.example },
  { server: customers.server, example: customersExample.example },
  { server: projects.server, example: projectsExample.example },
]
