// Written by `npm run types` from src/types/registry.ts (tests/tools/type-files.ts): do not edit.

import * as accessTokens from '../../src/types/access-tokens/server.ts'
import * as blocklistRoutes from '../../src/types/blocklist/routes.ts'
import * as blocklist from '../../src/types/blocklist/server.ts'
import * as captchas from '../../src/types/captchas/server.ts'
import * as codeSnippets from '../../src/types/code-snippets/server.ts'
import * as customers from '../../src/types/customers/server.ts'
import * as directorsRoutes from '../../src/types/directors/routes.ts'
import * as directors from '../../src/types/directors/server.ts'
import * as ipListsRoutes from '../../src/types/ip-lists/routes.ts'
import * as ipLists from '../../src/types/ip-lists/server.ts'
import * as leCertificatesRoutes from '../../src/types/le-certificates/routes.ts'
import * as leCertificates from '../../src/types/le-certificates/server.ts'
import * as nodesRoutes from '../../src/types/nodes/routes.ts'
import * as nodes from '../../src/types/nodes/server.ts'
import * as organizations from '../../src/types/organizations/server.ts'
import * as pageRules from '../../src/types/page-rules/server.ts'
import * as pools from '../../src/types/pools/server.ts'
import * as projects from '../../src/types/projects/server.ts'
import * as rateLimits from '../../src/types/rate-limits/server.ts'
import * as ssoMappingsRoutes from '../../src/types/sso-mappings/routes.ts'
import * as ssoMappings from '../../src/types/sso-mappings/server.ts'
import * as syntheticResponses from '../../src/types/synthetic-responses/server.ts'
import * as tlsPolicies from '../../src/types/tls-policies/server.ts'
import * as tokens from '../../src/types/tokens/server.ts'
import * as users from '../../src/types/users/server.ts'
import * as wafPolicies from '../../src/types/waf-policies/server.ts'
import * as websitesRoutes from '../../src/types/websites/routes.ts'
import * as websites from '../../src/types/websites/server.ts'
import type { TypeRoutes } from '../http/type-routes.ts'
import type { TypeServer } from '../resources/definition.ts'

/** Every resource type's server definition and the routes of its own actions, in the registry's order. */
export const RESOURCE_TYPES: readonly { server: TypeServer; routes?: TypeRoutes }[] = [
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
