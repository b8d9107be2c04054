import * as v from 'valibot'
import { isHostname, jsonObject } from '../domain/common.ts'
import type { DirectorInput } from './directors/fields.ts'

/** The quick-setup draft (spec section 3): domain, backend choice and the existing director if any. */
export const QuickSetupDraft = jsonObject({
  domain_name: v.optional(
    v.pipe(v.string(), v.trim(), v.toLowerCase(), v.description('The website’s domain name')),
    '',
  ),
  backend: v.optional(
    v.pipe(
      jsonObject({
        directorOption: v.optional(
          v.pipe(
            v.picklist(['new', 'existing'], 'must be new or existing'),
            v.description('new creates a director for host and port; existing uses default_director'),
          ),
          'new',
        ),
        host: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.description('The origin’s host name')), ''),
        port: v.optional(v.pipe(v.union([v.number(), v.string()]), v.description('The origin’s port: 80 or 443')), 443),
        weight: v.optional(v.pipe(v.union([v.number(), v.string()]), v.description('The backend’s weight, 0-100')), 1),
      }),
      v.description('The origin: a new director, or an existing one'),
    ),
    { directorOption: 'new', host: '', port: 443, weight: 1 },
  ),
  default_director: v.optional(
    v.pipe(v.nullable(v.string()), v.description('The existing director, with directorOption existing')),
    null,
  ),
})
export type QuickSetupDraft = v.InferOutput<typeof QuickSetupDraft>

/** Quick-website errors carry a field: website, backend, director or server (spec section 8). */
export type QuickWebsiteError = { field: 'website' | 'backend' | 'director' | 'server'; message: string }

export const QUICK_WEBSITE_MESSAGES = {
  invalidDomain: 'invalid domain name',
  invalidBackend: 'invalid backend',
  domainUsed: 'domain name already used',
  invalidWebsiteName: 'invalid website name',
  /** Not the spec's: a creation whose answer was lost, and the check after it failed too. */
  unknownOutcome: 'the platform did not say whether it was created: see the websites list',
  /** Not the spec's: the same for the director the wizard asked for; nothing goes on without it. */
  unknownDirector: 'the platform did not say whether it was created: see the directors list',
} as const

/** Backend port and weight are parsed as integers (spec section 5). */
export function parseInteger(value: number | string | undefined): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null
  if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) return Number.parseInt(value, 10)
  return null
}

export function usesExistingDirector(draft: QuickSetupDraft): boolean {
  return draft.backend.directorOption === 'existing' && Boolean(draft.default_director)
}

function hasValidDomain(draft: { domain_name: string }): boolean {
  return draft.domain_name !== '' && isHostname(draft.domain_name)
}

function hasValidOrigin(draft: QuickSetupDraft): boolean {
  if (usesExistingDirector(draft)) return true
  const port = parseInteger(draft.backend.port)
  const weight = parseInteger(draft.backend.weight)
  const hostOk = draft.backend.host !== '' && isHostname(draft.backend.host)
  const portOk = port !== null && port >= 1 && port <= 65535
  const weightOk = weight !== null && weight >= 0 && weight <= 100
  return hostOk && portOk && weightOk
}

/**
 * A draft a quick website can be made from (spec section 5), with the spec's messages: the server checks
 * it before creating anything, and the wizard's form page before Next. Each rule reports on its own key.
 */
export const QuickWebsite = v.pipe(
  QuickSetupDraft,
  v.forward(v.partialCheck([['domain_name']], hasValidDomain, QUICK_WEBSITE_MESSAGES.invalidDomain), ['domain_name']),
  v.forward(
    v.partialCheck(
      [
        ['backend', 'directorOption'],
        ['backend', 'host'],
        ['backend', 'port'],
        ['backend', 'weight'],
        ['default_director'],
      ],
      (draft) => hasValidOrigin(draft as QuickSetupDraft),
      QUICK_WEBSITE_MESSAGES.invalidBackend,
    ),
    ['backend'],
  ),
)

/** The draft's keys and the quick-website error field each one reports on (spec section 8). */
const ERROR_FIELD: Record<string, QuickWebsiteError['field']> = {
  domain_name: 'website',
  backend: 'backend',
  default_director: 'director',
}

/** The first validation step of the quick website sequence: `QuickWebsite`'s issues as quick-website errors. */
export function validateQuickSetupDraft(draft: QuickSetupDraft): QuickWebsiteError[] {
  const result = v.safeParse(QuickWebsite, draft, { abortPipeEarly: false })
  if (result.success) return []
  return result.issues.map((issue) => ({
    field: ERROR_FIELD[String(issue.path?.[0]?.key)] ?? 'website',
    message: issue.message,
  }))
}

/** A website's name is its domain with dots replaced by dashes. */
export function websiteNameFor(domain: string): string {
  return domain.toLowerCase().replaceAll('.', '-')
}

export function suffixedName(domain: string, suffix: string): string {
  return `${websiteNameFor(domain)}-${suffix}`
}

/** Five random lowercase letters (spec section 9); `random` yields numbers in [0, 1). */
export function randomSuffix(random: () => number): string {
  return Array.from({ length: 5 }, () => String.fromCharCode(97 + Math.floor(random() * 26))).join('')
}

/** The director the wizard creates for a new origin: section 3 defaults, probe host set to the domain. */
export function quickSetupDirector(draft: QuickSetupDraft, name: string): DirectorInput & { name: string } {
  return {
    name,
    type: 'round_robin',
    backends: [
      {
        host: draft.backend.host,
        port: parseInteger(draft.backend.port) ?? 443,
        weight: parseInteger(draft.backend.weight) ?? 1,
      },
    ],
    probe: { host: draft.domain_name },
  }
}

/** The wizard's texts (spec sections 2 and 8). */
export const QUICK_SETUP_TEXTS = {
  domainQuestion: 'What is the domain name for the website?',
  originQuestion: 'What is the origin of this website?',
  confirmQuestion: 'Are you happy to go forward and add this website?',
  thanks: 'Thank you, your website is being configured as we speak!',
  quickLinks: 'Quick links!',
  errorLabel: 'Error:',
  messageLabel: 'Message:',
  /** Not in the spec: said while a failed attempt's director is deleted, before its failure is shown. */
  rollingBack: 'Adding the website failed: removing the director created for it…',
} as const

/** Not in the spec: said beside a failure once the rollback has deleted the director the attempt created. */
export const rolledBackText = (director: string) =>
  `The director ${director}, created for this website, was removed: nothing was left behind.`
