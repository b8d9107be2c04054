// Written by `npm run types` from src/types/registry.ts (tests/tools/type-files.ts): do not edit.
import type { TypeList } from '../../server/http/type-routes.ts'
import * as accessTokens from '../types/access-tokens/server.ts'
import * as blocklistRoutes from '../types/blocklist/routes.ts'
import * as blocklist from '../types/blocklist/server.ts'
import * as captchas from '../types/captchas/server.ts'
import * as codeSnippets from '../types/code-snippets/server.ts'
import * as customers from '../types/customers/server.ts'
import * as directorsRoutes from '../types/directors/routes.ts'
import * as directors from '../types/directors/server.ts'
import * as ipListsRoutes from '../types/ip-lists/routes.ts'
import * as ipLists from '../types/ip-lists/server.ts'
import * as leCertificatesRoutes from '../types/le-certificates/routes.ts'
import * as leCertificates from '../types/le-certificates/server.ts'
import * as nodesRoutes from '../types/nodes/routes.ts'
import * as nodes from '../types/nodes/server.ts'
import * as organizations from '../types/organizations/server.ts'
import * as pageRules from '../types/page-rules/server.ts'
import * as pools from '../types/pools/server.ts'
import * as projects from '../types/projects/server.ts'
import * as rateLimits from '../types/rate-limits/server.ts'
import * as ssoMappingsRoutes from '../types/sso-mappings/routes.ts'
import * as ssoMappings from '../types/sso-mappings/server.ts'
import * as syntheticResponses from '../types/synthetic-responses/server.ts'
import * as tlsPolicies from '../types/tls-policies/server.ts'
import * as tokens from '../types/tokens/server.ts'
import * as users from '../types/users/server.ts'
import * as wafPolicies from '../types/waf-policies/server.ts'
import * as websitesRoutes from '../types/websites/routes.ts'
import * as websites from '../types/websites/server.ts'

/** Every resource type's server definition and the routes of its own actions, in the registry's order. */
export const RESOURCE_TYPES: TypeList = [
  { server: websites.server, routes: websitesRoutes.routes },
  { server: pageRules.server },
  { server: directors.server, routes: directorsRoutes.routes },
  { server: syntheticResponses.server },
  { server: codeSnippets.server },
  { server: ipLists.server, routes: ipListsRoutes.routes },
  { server: rateLimits.server },
  { server: wafPolicies.server },
  { server: captchas.server },
  { server: tlsPolicies.server },
  { server: leCertificates.server, routes: leCertificatesRoutes.routes },
  { server: nodes.server, routes: nodesRoutes.routes },
  { server: pools.server },
  { server: blocklist.server, routes: blocklistRoutes.routes },
  { server: users.server },
  { server: tokens.server },
  { server: accessTokens.server },
  { server: ssoMappings.server, routes: ssoMappingsRoutes.routes },
  { server: organizations.server },
  { server: customers.server },
  { server: projects.server },
]
