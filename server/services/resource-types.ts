// Written by `npm run types` from src/types/registry.ts (tests/tools/type-files.ts): do not edit.

import type { ResourceExample } from '../../src/domain/resource-example.ts'
import * as accessTokensExample from '../../src/types/access-tokens/example.ts'
import * as accessTokens from '../../src/types/access-tokens/server.ts'
import * as blocklistExample from '../../src/types/blocklist/example.ts'
import * as blocklistRoutes from '../../src/types/blocklist/routes.ts'
import * as blocklist from '../../src/types/blocklist/server.ts'
import * as captchasExample from '../../src/types/captchas/example.ts'
import * as captchas from '../../src/types/captchas/server.ts'
import * as codeSnippetsExample from '../../src/types/code-snippets/example.ts'
import * as codeSnippets from '../../src/types/code-snippets/server.ts'
import * as customersExample from '../../src/types/customers/example.ts'
import * as customers from '../../src/types/customers/server.ts'
import * as directorsExample from '../../src/types/directors/example.ts'
import * as directors from '../../src/types/directors/server.ts'
import * as ipListsExample from '../../src/types/ip-lists/example.ts'
import * as ipListsRoutes from '../../src/types/ip-lists/routes.ts'
import * as ipLists from '../../src/types/ip-lists/server.ts'
import * as leCertificatesExample from '../../src/types/le-certificates/example.ts'
import * as leCertificatesRoutes from '../../src/types/le-certificates/routes.ts'
import * as leCertificates from '../../src/types/le-certificates/server.ts'
import * as nodesExample from '../../src/types/nodes/example.ts'
import * as nodesRoutes from '../../src/types/nodes/routes.ts'
import * as nodes from '../../src/types/nodes/server.ts'
import * as organizationsExample from '../../src/types/organizations/example.ts'
import * as organizations from '../../src/types/organizations/server.ts'
import * as pageRulesExample from '../../src/types/page-rules/example.ts'
import * as pageRules from '../../src/types/page-rules/server.ts'
import * as poolsExample from '../../src/types/pools/example.ts'
import * as pools from '../../src/types/pools/server.ts'
import * as projectsExample from '../../src/types/projects/example.ts'
import * as projects from '../../src/types/projects/server.ts'
import * as rateLimitsExample from '../../src/types/rate-limits/example.ts'
import * as rateLimits from '../../src/types/rate-limits/server.ts'
import * as ssoMappingsExample from '../../src/types/sso-mappings/example.ts'
import * as ssoMappingsRoutes from '../../src/types/sso-mappings/routes.ts'
import * as ssoMappings from '../../src/types/sso-mappings/server.ts'
import * as syntheticResponsesExample from '../../src/types/synthetic-responses/example.ts'
import * as syntheticResponses from '../../src/types/synthetic-responses/server.ts'
import * as tlsPoliciesExample from '../../src/types/tls-policies/example.ts'
import * as tlsPolicies from '../../src/types/tls-policies/server.ts'
import * as tokensExample from '../../src/types/tokens/example.ts'
import * as tokens from '../../src/types/tokens/server.ts'
import * as usersExample from '../../src/types/users/example.ts'
import * as users from '../../src/types/users/server.ts'
import * as wafPoliciesExample from '../../src/types/waf-policies/example.ts'
import * as wafPolicies from '../../src/types/waf-policies/server.ts'
import * as websitesExample from '../../src/types/websites/example.ts'
import * as websitesRoutes from '../../src/types/websites/routes.ts'
import * as websites from '../../src/types/websites/server.ts'
import type { TypeRoutes } from '../http/type-routes.ts'
import type { TypeServer } from '../resources/definition.ts'

/**
 * Every resource type's server definition, the routes of its own actions and its examples for the API
 * documents, in the registry's order.
 */
export const RESOURCE_TYPES: readonly { server: TypeServer; routes?: TypeRoutes; example?: ResourceExample }[] = [
  { server: websites.server, routes: websitesRoutes.routes, example: websitesExample.example },
  { server: pageRules.server, example: pageRulesExample.example },
  { server: directors.server, example: directorsExample.example },
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
