// Written by `npm run types` from src/types/registry.ts (tests/tools/type-files.ts): do not edit.
import type { ResourceUi } from '../domain/resource-ui.ts'
import { accessTokensUi } from './access-tokens/screen.ts'
import { accessListUi } from './blocklist/screen.ts'
import { captchasUi } from './captchas/screen.ts'
import { codeSnippetsUi } from './code-snippets/screen.ts'
import { customersUi } from './customers/screen.ts'
import { directorsUi } from './directors/screen.ts'
import { ipListsUi } from './ip-lists/screen.ts'
import { leCertificatesUi } from './le-certificates/screen.ts'
import { nodesUi } from './nodes/screen.ts'
import { organizationsUi } from './organizations/screen.ts'
import { pageRulesUi } from './page-rules/screen.ts'
import { poolsUi } from './pools/screen.ts'
import { projectsUi } from './projects/screen.ts'
import { rateLimitsUi } from './rate-limits/screen.ts'
import { ssoMappingsUi } from './sso-mappings/screen.ts'
import { syntheticResponsesUi } from './synthetic-responses/screen.ts'
import { tlsPoliciesUi } from './tls-policies/screen.ts'
import { tokensUi } from './tokens/screen.ts'
import { usersUi } from './users/screen.ts'
import { wafPoliciesUi } from './waf-policies/screen.ts'
import { websitesUi } from './websites/screen.ts'

/**
 * Every resource type's screen definition, in the registry's order. Each route imports its own type's
 * screen (so a page's bundle carries only its own); what must see every type (the consistency tests)
 * reads this list.
 */
export const RESOURCE_UIS: readonly ResourceUi[] = [
  websitesUi,
  pageRulesUi,
  directorsUi,
  syntheticResponsesUi,
  codeSnippetsUi,
  ipListsUi,
  rateLimitsUi,
  wafPoliciesUi,
  captchasUi,
  tlsPoliciesUi,
  leCertificatesUi,
  nodesUi,
  poolsUi,
  accessListUi,
  usersUi,
  tokensUi,
  accessTokensUi,
  ssoMappingsUi,
  organizationsUi,
  customersUi,
  projectsUi,
]
