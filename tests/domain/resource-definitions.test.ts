import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { ResourceListSearch } from '../../src/domain/list-search.ts'
import { bodySchema, dataFieldNames, initialDraft, sortablePaths, validatorOf } from '../../src/domain/resource-body.ts'
import {
  allowedReference,
  bodyOf,
  changedFields,
  type Draft,
  draftOf,
  formFields,
  getPath,
  isShown,
  resourcePermission,
  setPath,
  TIME_COLUMN_WIDTH,
  titleInSentence,
} from '../../src/domain/resource-ui.ts'
import { captchasUi } from '../../src/types/captchas/screen.ts'
import { VCL_HOOKS } from '../../src/types/code-snippets/fields.ts'
import { directorsUi } from '../../src/types/directors/screen.ts'
import { pageRulesUi } from '../../src/types/page-rules/screen.ts'
import { projectsUi } from '../../src/types/projects/screen.ts'
import { protectionLine } from '../../src/types/protection.ts'
import { referenceTargetOf } from '../../src/types/resource-routes.ts'
import { RESOURCE_UIS } from '../../src/types/screens.ts'
import { ssoMappingsUi } from '../../src/types/sso-mappings/screen.ts'
import { usersUi } from '../../src/types/users/screen.ts'
import { DefaultRules } from '../../src/types/websites/fields.ts'
import { WEBSITE_VCL_HOOKS, websitesUi } from '../../src/types/websites/screen.ts'

const definitions = RESOURCE_UIS

/** Dotted paths of every non-object value in a draft; arrays are values of their own. */
function leafPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix]
  return Object.entries(value).flatMap(([key, inner]) => leafPaths(inner, prefix ? `${prefix}.${key}` : key))
}

describe.each(definitions.map((ui) => [ui.title, ui] as const))('the %s definition', (_, ui) => {
  const paths = formFields(ui).map((field) => field.path)
  const covered = (path: string) => paths.some((field) => path === field || path.startsWith(`${field}.`))
  // A field only an action changes (a token's status: Revoke) or the server sets (its owner) is shown read-only.
  const shown = [...paths, ...ui.sections.flatMap((s) => s.fields.filter((f) => f.readOnly).map((f) => f.path))]
  const shownOrCovered = (path: string) => shown.some((field) => path === field || path.startsWith(`${field}.`))

  it('has a form field for every field of its schema, or shows it read-only', () => {
    const missing = dataFieldNames(ui.fields).filter(
      (name) => !shown.some((p) => p === name || p.startsWith(`${name}.`)),
    )
    expect(missing).toEqual([])
  })

  it('has a form field for every default the add form starts with', () => {
    const leaves = leafPaths(initialDraft(ui.fields, ui.newDraft?.())).filter(
      (path) => path !== 'name' && path !== 'display_name',
    )
    expect(leaves.filter((path) => !shownOrCovered(path))).toEqual([])
  })

  it('lists columns that exist in the schema or that the server keeps (read-only fields)', () => {
    const readOnly = ui.sections.flatMap((section) => section.fields).filter((field) => field.readOnly)
    const fields = [...dataFieldNames(ui.fields), ...readOnly.map((field) => field.path)]
    for (const column of ui.columns) expect(fields).toContain(column.path.split('.')[0])
  })

  it('offers sorting only by paths the server sorts by', () => {
    const server = ['name', 'display_name', ...sortablePaths(ui.fields)]
    for (const column of ui.columns.filter((candidate) => candidate.sortable)) expect(server).toContain(column.path)
  })

  it('refuses an empty add form with errors on fields the form shows', () => {
    const errors = validatorOf(ui, 'create')(initialDraft(ui.fields, ui.newDraft?.()))
    expect(errors.length).toBeGreaterThan(0)
    for (const error of errors) expect(error.field === 'name' || covered(error.field)).toBe(true)
  })
})

describe('the add forms start from the section 3 defaults', () => {
  it('starts a website with every default rule and no custom VCL', () => {
    const draft = initialDraft(websitesUi.fields)
    // Every default of the schema (tests/domain/configuration-schemas.test.ts lists them against the spec).
    expect(draft.default_rules).toEqual(v.parse(DefaultRules, {}))
    expect(draft.cache).toEqual({ default_ttl_s: 3600, redirect_http_to_https: false })
    expect(draft.domain_aliases).toEqual([])
  })

  it('starts a director as round-robin with one empty backend and the Medium probe', () => {
    const draft = initialDraft(directorsUi.fields, directorsUi.newDraft?.())
    expect(draft).toMatchObject({
      type: 'round_robin',
      backends: [{ host: '', port: 443, weight: 1 }],
      probe: {
        enabled: true,
        method: 'GET',
        path: '/',
        window: 3,
        threshold: 2,
        interval_seconds: 10,
        timeout_seconds: 5,
      },
      timeout: { connect_timeout: 30, read_timeout: 30, send_timeout: 30 },
      tls: { enabled: false, session_reuse: true, protocols: [] },
    })
  })

  it('accepts a filled-in director as the server would, numbers typed as text included', () => {
    let draft = initialDraft(directorsUi.fields, directorsUi.newDraft?.())
    draft = setPath(draft, 'name', 'blue-origin')
    draft = setPath(draft, 'backends.0.host', 'origin.example.com')
    draft = setPath(draft, 'backends.0.port', '8443')
    expect(validatorOf(directorsUi, 'create')(draft)).toEqual([])
    const parsed = v.parse(bodySchema(directorsUi.fields, 'create'), bodyOf(directorsUi, draft)) as Draft
    expect(getPath(parsed, 'backends.0.port')).toBe(8443)
    expect(parsed.display_name).toBeNull()
  })
})

describe('fields shown by a rule', () => {
  it('asks for the sticky cookie only of cookie directors, and drops it from the body otherwise', () => {
    const base = setPath(
      setPath(initialDraft(directorsUi.fields, directorsUi.newDraft?.()), 'name', 'sticky'),
      'backends.0.host',
      'origin.example.com',
    )
    const cookie = setPath(base, 'type', 'round_robin_sticky_cookie')
    expect(validatorOf(directorsUi, 'create')(cookie)).toEqual([
      { field: 'sticky_cookie', message: 'a cookie name is required for this director type' },
    ])
    const roundRobin = setPath(setPath(base, 'sticky_cookie', 'SESSION'), 'type', 'round_robin')
    expect(bodyOf(directorsUi, roundRobin).sticky_cookie).toBeUndefined()
  })

  it('keeps only the chosen action of a page rule', () => {
    let draft = initialDraft(pageRulesUi.fields, pageRulesUi.newDraft?.())
    draft = setPath(draft, 'action.kind', 'redirect')
    draft = setPath(draft, 'action.target', '/new')
    const action = bodyOf(pageRulesUi, draft).action as Draft
    expect(action.kind).toBe('redirect')
    expect(action.target).toBe('/new')
    expect(action.mode).toBeUndefined()
  })
})

describe('the website summary (spec section 3)', () => {
  it('names the TLS policies, rate limits and captchas that guard it, those of a type together', () => {
    const uses = [
      { type: 'sslpolicies', name: 'tls', field: 'ssl_policies' },
      { type: 'ratelimits', name: 'login', field: 'rate_limits' },
      { type: 'ratelimits', name: 'api', field: 'rate_limits' },
      { type: 'challenges', name: 'pow', field: 'challenges' },
    ]
    expect(protectionLine(websitesUi, { uses })).toEqual({
      label: 'Protection',
      value: 'TLS policy tls; rate limits login, api; captcha pow',
    })
  })

  it("says 'None' for a website with no protection, and nothing for a record read without `uses`", () => {
    expect(
      protectionLine(websitesUi, { uses: [{ type: 'directors', name: 'pool', field: 'default_director' }] }),
    ).toEqual({ label: 'Protection', value: 'None' })
    expect(protectionLine(websitesUi, {})).toBeNull()
  })

  it('names each protection that applies through another resource, and how (issue 25)', () => {
    const uses = [
      { type: 'directors', name: 'shop-pool', field: 'default_director' },
      { type: 'sslpolicies', name: 'tls', field: 'ssl_policies' },
      { type: 'ratelimits', name: 'login', field: 'rate_limits' },
      {
        type: 'wafconfigs',
        name: 'strict',
        field: 'default_director',
        through: [{ type: 'directors', name: 'shop-pool', field: 'waf_config' }],
      },
      {
        type: 'challenges',
        name: 'pow',
        field: 'rate_limits',
        through: [{ type: 'ratelimits', name: 'login', field: 'challenge' }],
      },
      {
        type: 'wafconfigs',
        name: 'api-waf',
        field: 'page_rules',
        through: [
          { type: 'pagerules', name: 'api', field: 'action.director' },
          { type: 'directors', name: 'api-pool', field: 'waf_config' },
        ],
      },
    ]
    expect(protectionLine(websitesUi, { uses })).toEqual({
      label: 'Protection',
      value:
        'TLS policy tls; rate limit login; WAF policy strict, through director shop-pool; captcha pow, through rate limit login; WAF policy api-waf, through page rule api and director api-pool',
    })
  })

  it("says 'No selection' when no hook is set and no option is on", () => {
    const draft = initialDraft(websitesUi.fields)
    const rules = { ...(draft.default_rules as Draft), retry_on_5xx_error: false }
    expect(websitesUi.summary?.({ ...draft, default_rules: rules })).toEqual([
      { label: 'Custom VCL hooks', value: 'No selection' },
      { label: 'Options on', value: 'No selection' },
    ])
  })

  it('lists the hooks set and the options on', () => {
    const draft = initialDraft(websitesUi.fields)
    const rules = {
      ...(draft.default_rules as Draft),
      custom_vcl_recv: 'geo',
      custom_vcl_deliver: 'hdrs',
      hsts_enabled: true,
    }
    expect(websitesUi.summary?.({ ...draft, default_rules: rules })).toEqual([
      { label: 'Custom VCL hooks', value: 'vcl_recv, vcl_deliver' },
      { label: 'Options on', value: 'Retry on 5xx errors, HSTS' },
    ])
  })
})

describe('drafts', () => {
  it('sets a nested path without touching the original', () => {
    const original = { probe: { window: 3 }, backends: [{ host: 'a' }] }
    const changed = setPath(setPath(original, 'probe.window', 5), 'backends.0.host', 'b')
    expect(changed).toEqual({ probe: { window: 5 }, backends: [{ host: 'b' }] })
    expect(original).toEqual({ probe: { window: 3 }, backends: [{ host: 'a' }] })
    expect(Array.isArray(changed.backends)).toBe(true)
  })

  it('names the fields a conflicting version changed, not the server-maintained ones', () => {
    const mine = { name: 'a', type: 'round_robin', backends: [{ host: 'x' }] }
    const theirs = { name: 'a', type: 'weighted', backends: [{ host: 'x' }], revision: 4, updated_at: 'now' }
    expect(changedFields(mine, theirs)).toEqual(['type'])
    expect(draftOf(theirs)).toEqual({ name: 'a', type: 'weighted', backends: [{ host: 'x' }] })
  })
})

describe('list parameters in the URL', () => {
  it('reads numbers typed in the address bar and drops nonsense', () => {
    expect(v.parse(ResourceListSearch, { page: '3', items: '50', q: 'shop', sort: '-domain_name' })).toEqual({
      page: 3,
      items: 50,
      q: 'shop',
      sort: '-domain_name',
    })
    // Unreadable values read as absent, so the router does not write defaults back into the URL.
    expect(v.parse(ResourceListSearch, { page: 'x', items: '5000', sort: 'drop table' })).toEqual({
      page: undefined,
      items: undefined,
      q: undefined,
      sort: undefined,
    })
  })
})

describe('pickers that offer only some of the referenced resources', () => {
  const websiteField = (path: string) => formFields(websitesUi).find((field) => field.path === path)
  const whereOf = (path: string) => {
    const field = websiteField(path)
    return field?.kind === 'reference' ? field.where : undefined
  }

  it("offers each website hook only the VCL snippets written for it, whatever the form's values", () => {
    const where = whereOf('default_rules.custom_vcl_recv')
    expect(allowedReference(where, {}, { hook: 'vcl_recv' })).toBe(true)
    expect(allowedReference(where, {}, { hook: 'vcl_deliver' })).toBe(false)
    // Every hook's rule names a hook a snippet can declare.
    for (const { path, label } of WEBSITE_VCL_HOOKS) {
      const rule = whereOf(`default_rules.${path}`)
      expect(rule && 'value' in rule ? rule.value : null).toBe(label)
      expect(VCL_HOOKS).toContain(label)
    }
  })

  it('offers a website only its own page rules, following the name typed in the form', () => {
    const where = whereOf('page_rules')
    expect(allowedReference(where, { name: 'shop' }, { website: 'shop' })).toBe(true)
    expect(allowedReference(where, { name: 'shop' }, { website: 'blog' })).toBe(false)
    expect(allowedReference(where, { name: '' }, { website: 'shop' })).toBe(false)
  })

  it('offers everything without a rule, and reads dotted fields', () => {
    expect(allowedReference(undefined, {}, {})).toBe(true)
    expect(allowedReference({ field: 'action.kind', value: 'cache' }, {}, { action: { kind: 'cache' } })).toBe(true)
    expect(allowedReference({ field: 'action.kind', value: 'cache' }, {}, { action: { kind: 'redirect' } })).toBe(false)
  })
})

describe('a write-only secret in a form', () => {
  it('sends neither the stored state nor an untouched secret, so a read-back captcha validates', () => {
    const record = { name: 'ts', display_name: null, type: 'turnstile', site_key: 'site', secret_set: true }
    const body = bodyOf(captchasUi, record)
    expect(body).not.toHaveProperty('secret_set')
    expect(body).not.toHaveProperty('secret')
    expect(validatorOf(captchasUi, 'edit')(record)).toEqual([])
    expect(bodyOf(captchasUi, { ...record, secret: 'new' })).toMatchObject({ secret: 'new' })
  })

  it('refuses a provider captcha without one before it is sent, as the server would, on its field', () => {
    const required = [{ field: 'secret', message: 'the provider’s secret is required for this type' }]
    const added = { ...initialDraft(captchasUi.fields), name: 'ts', type: 'hcaptcha', site_key: 'site' }
    expect(validatorOf(captchasUi, 'create')(added)).toEqual(required)
    expect(validatorOf(captchasUi, 'create')({ ...added, secret: 'one' })).toEqual([])
    // A record that holds none, turned into a provider's, needs one; one that holds one keeps it.
    const stored = { name: 'pow', display_name: null, type: 'turnstile', site_key: 'site' }
    expect(validatorOf(captchasUi, 'edit')({ ...stored, secret_set: false })).toEqual(required)
    expect(validatorOf(captchasUi, 'edit')({ ...stored, secret_set: true })).toEqual([])
    // The built-in types need none.
    expect(validatorOf(captchasUi, 'create')({ ...added, type: 'cookie' })).toEqual([])
  })
})

describe('types named in a sentence', () => {
  it("say several of a type as a plural noun, acronyms kept: 'list tokens', not 'list manage tokens'", () => {
    const named = Object.fromEntries(definitions.map((ui) => [ui.type, titleInSentence(ui)]))
    expect(named).toMatchObject({ tokens: 'tokens', codesnippets: 'VCL snippets', pagerules: 'page rules' })
    expect(Object.values(named).filter((words) => /^(manage|add|edit|list)\b/i.test(words))).toEqual([])
  })
})

describe('platform-wide types', () => {
  it('ask for the auth service’s permissions and live at the service’s root', () => {
    expect(resourcePermission(projectsUi, 'create')).toBe('auth.projects.create')
    expect(resourcePermission(websitesUi, 'list')).toBe('wadp.websites.list')
    expect(referenceTargetOf('customers')).toEqual({ type: 'customers', service: 'auth', scope: 'platform' })
    expect(referenceTargetOf('directors')).toEqual({ type: 'directors', service: 'core', scope: 'project' })
  })
})

describe('identity types', () => {
  const shown = (ui: typeof ssoMappingsUi, path: string, values: Record<string, unknown>) =>
    formFields(ui).some((field) => field.path === path && isShown(field, values))

  it('ask an SSO mapping for a scope name unless its scope is the platform', () => {
    expect(shown(ssoMappingsUi, 'scope_name', { scope: 'platform' })).toBe(false)
    for (const scope of ['organization', 'customer', 'project'])
      expect(shown(ssoMappingsUi, 'scope_name', { scope })).toBe(true)
    // A scope name left from another scope is not sent for the platform.
    expect(bodyOf(ssoMappingsUi, { group: 'g', role: 'viewer', scope: 'platform', scope_name: 'shop' })).toEqual({
      group: 'g',
      role: 'viewer',
      scope: 'platform',
    })
    expect(validatorOf(ssoMappingsUi, 'create')({ name: 'm', group: 'g', role: 'operator', scope: 'project' })).toEqual(
      [expect.objectContaining({ field: 'scope_name' })],
    )
  })

  it('give users no add or edit page, and list filters the server knows', () => {
    expect(usersUi.addable).toBe(false)
    expect(usersUi.editable).toBe(false)
    expect(usersUi.listFilters?.map((filter) => filter.param)).toEqual(['status', 'roles'])
  })
})

describe('list columns of times (issue 25)', () => {
  it('give every column of a time the width of a whole date and time, so that none is cut short', () => {
    const times = RESOURCE_UIS.flatMap((ui) =>
      ui.columns
        .filter((column) => /(_at|^not_after|^not_before)$/.test(column.path))
        .map((column) => `${ui.type}.${column.path}: ${column.width ?? 'none'}`),
    )
    expect(times.length).toBeGreaterThan(3)
    expect(times.filter((entry) => !entry.endsWith(`: ${TIME_COLUMN_WIDTH}`))).toEqual([])
  })
})
