import type { TypeEntry } from '../domain/type-entry.ts'
import { accessTokensType } from './access-tokens/type.ts'
import { backupsType } from './backups/type.ts'
import { blocklistType } from './blocklist/type.ts'
import { captchasType } from './captchas/type.ts'
import { codeSnippetsType } from './code-snippets/type.ts'
import { customersType } from './customers/type.ts'
import { directorsType } from './directors/type.ts'
import { ipListsType } from './ip-lists/type.ts'
import { leCertificatesType } from './le-certificates/type.ts'
import { nodesType } from './nodes/type.ts'
import { organizationsType } from './organizations/type.ts'
import { pageRulesType } from './page-rules/type.ts'
import { poolsType } from './pools/type.ts'
import { projectsType } from './projects/type.ts'
import { rateLimitsType } from './rate-limits/type.ts'
import { ssoMappingsType } from './sso-mappings/type.ts'
import { syntheticResponsesType } from './synthetic-responses/type.ts'
import { tlsPoliciesType } from './tls-policies/type.ts'
import { tokensType } from './tokens/type.ts'
import { usersType } from './users/type.ts'
import { wafPoliciesType } from './waf-policies/type.ts'
import { websitesType } from './websites/type.ts'

/**
 * Every resource type, one folder each (`src/types/<folder>/`: `type.ts`, `fields.ts`, `screen.ts`,
 * `server.ts`, and `routes.ts` for actions of its own), in the sidebar's order. Adding a type is its folder
 * and its line here; `npm run types` then writes its route files and the lists of screens and server
 * definitions (docs/architecture.md, "A new type").
 */
export const TYPE_CATALOGUE: readonly TypeEntry[] = [
  websitesType,
  pageRulesType,
  directorsType,
  syntheticResponsesType,
  codeSnippetsType,
  ipListsType,
  rateLimitsType,
  wafPoliciesType,
  captchasType,
  tlsPoliciesType,
  leCertificatesType,
  backupsType,
  nodesType,
  poolsType,
  blocklistType,
  usersType,
  tokensType,
  accessTokensType,
  ssoMappingsType,
  organizationsType,
  customersType,
  projectsType,
]

const BY_TYPE = new Map(TYPE_CATALOGUE.map((entry) => [entry.type, entry]))

/** The catalogue's row for an API type, or undefined for a name that is no resource type. */
export function typeEntryOf(type: string): TypeEntry | undefined {
  return BY_TYPE.get(type)
}

const BY_ROUTE = new Map(TYPE_CATALOGUE.map((entry) => [entry.route, entry]))

/** The catalogue's row for a console route name (a search result's type: `waf-policies`). */
export function typeEntryOfRoute(route: string): TypeEntry | undefined {
  return BY_ROUTE.get(route)
}

/** The configuration types, in the sidebar's order. */
export const CONFIGURATION_TYPES: readonly string[] = TYPE_CATALOGUE.filter((entry) => entry.configuration).map(
  (entry) => entry.type,
)
