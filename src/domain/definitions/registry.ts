import type { ResourceUi } from '../resource-ui.ts'
import { accessListUi } from './access-list.ts'
import { accessTokensUi } from './access-tokens.ts'
import { captchasUi } from './captchas.ts'
import { codeSnippetsUi } from './code-snippets.ts'
import { directorsUi } from './directors.ts'
import { ssoMappingsUi, usersUi } from './identity.ts'
import { ipListsUi } from './ip-lists.ts'
import { leCertificatesUi } from './le-certificates.ts'
import { nodesUi } from './nodes.ts'
import { pageRulesUi } from './page-rules.ts'
import { poolsUi } from './pools.ts'
import { rateLimitsUi } from './rate-limits.ts'
import { syntheticResponsesUi } from './synthetic-responses.ts'
import { customersUi, organizationsUi, projectsUi } from './tenancy.ts'
import { tlsPoliciesUi } from './tls-policies.ts'
import { tokensUi } from './tokens.ts'
import { wafPoliciesUi } from './waf-policies.ts'
import { websitesUi } from './websites.ts'

/**
 * Every resource type's screen definition, in the sidebar's order of its sections. Each route imports
 * its own type's definition (so a page's bundle carries only its own); what must see every type (the
 * consistency tests, the server's reference lists) reads this list.
 */
export const RESOURCE_UIS: readonly ResourceUi[] = [
  websitesUi,
  directorsUi,
  pageRulesUi,
  syntheticResponsesUi,
  codeSnippetsUi,
  wafPoliciesUi,
  tlsPoliciesUi,
  rateLimitsUi,
  captchasUi,
  ipListsUi,
  leCertificatesUi,
  projectsUi,
  customersUi,
  organizationsUi,
  ssoMappingsUi,
  usersUi,
  tokensUi,
  accessTokensUi,
  accessListUi,
  nodesUi,
  poolsUi,
]
