import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, EventFromLogic } from 'xstate'
import { backupRestoreMachine, type RestoreFailure } from '../../machines/backup-restore.ts'
import { chunkReloadMachine } from '../../machines/chunk-reload.ts'
import { globalSearchMachine } from '../../machines/global-search.ts'
import { invalidationMachine } from '../../machines/invalidation.ts'
import { ipImportMachine } from '../../machines/ip-import.ts'
import { liveTrafficMachine } from '../../machines/live-traffic.ts'
import { nodeMaintenanceMachine } from '../../machines/node-maintenance.ts'
import { projectMachine } from '../../machines/project.ts'
import { projectSelectorMachine } from '../../machines/project-selector.ts'
import { quickSetupMachine } from '../../machines/quick-setup.ts'
import type { QuickSetupDraftPatch, QuickSetupOutcome } from '../../machines/quick-setup.types.ts'
import { quickSetupSubmissionMachine } from '../../machines/quick-setup-submission.ts'
import { resourceDeletionMachine } from '../../machines/resource-deletion.ts'
import { resourceFormMachine } from '../../machines/resource-form.ts'
import { secretRotationMachine } from '../../machines/secret-rotation.ts'
import { sessionMachine } from '../../machines/session.ts'
import { syncStatusMachine } from '../../machines/sync-status.ts'
import { tenancyDeletionMachine } from '../../machines/tenancy-deletion.ts'
import { type ProjectInfo, ProjectUnavailableError } from '../domain/project.ts'
import { checkInvalidationDraft, type PurgeRecord, purgeRequestSchema } from '../domain/purge.ts'
import type { SessionUser } from '../domain/session.ts'
import { typedNameMatches } from '../domain/tenancy-deletion.ts'
import type { QuickWebsiteError } from '../types/quick-setup.ts'

/**
 * Every machine whose paths can be generated (`npm run paths`, the model tests): the machine, the events
 * to traverse it with and its input. `getShortestPaths` / `getSimplePaths` send only the events listed
 * here, so the list carries what the machine's invoked actors and timers would send, with representative
 * outputs, next to the user's events.
 */
export interface MachineEntry {
  machine: AnyStateMachine
  events: readonly AnyEventObject[]
  input?: unknown
  /**
   * How simple paths tell states apart; the default, the state value alone, suits machines whose
   * guards read only the event. Declared as a method so an entry can take its machine's own snapshot.
   */
  serializeState?(state: AnyMachineSnapshot): string
  /**
   * How shortest paths tell states apart, for a machine whose context grows with its events (by default
   * they are told apart by value and context, and each context would be a state of its own).
   */
  shortestBy?(state: AnyMachineSnapshot): string
  /** A short name for an event in printed paths, when its type and payload alone would not say it. */
  label?(event: AnyEventObject): string | undefined
  /** What tells apart two paths that reach the same state value with different context. */
  describeContext?(state: AnyMachineSnapshot): string
}

/** The events an invoked actor or a delay sends; the machines' event unions do not list them. */
const done = (id: string, output?: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output })
const failed = (id: string): AnyEventObject => ({
  type: `xstate.error.actor.${id}`,
  error: new Error(`${id} failed`),
})
/** A call the platform answered with a refusal (a 4xx): what the quick-setup app layer marks `refused`. */
const refused = (id: string): AnyEventObject => ({
  type: `xstate.error.actor.${id}`,
  error: Object.assign(new Error(`${id} refused`), { refused: true }),
})
/** A call the platform could not answer (a 503 while its database restarts), as ofetch reports it. */
const unavailable = (id: string): AnyEventObject => ({
  type: `xstate.error.actor.${id}`,
  error: Object.assign(new Error(`${id}: 503 Service Unavailable`), { name: 'FetchError', statusCode: 503 }),
})
const after = (delay: string, stateId: string): AnyEventObject => ({ type: `xstate.after.${delay}.${stateId}` })
const syncDetail = (endpoint: string, updated: boolean, maintenance = false) => ({
  endpoint,
  status_source: 'simulated',
  updated,
  maintenance,
  available: true,
})

// One cast per typed list, as in the model tests: the internal events are not in the event union.
const typed = <TMachine extends AnyStateMachine>(events: AnyEventObject[]) =>
  events as unknown as EventFromLogic<TMachine>[]

const NOW = Date.UTC(2030, 0, 1)
const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '')
const identityToken = (exp: number) => `${encode({ alg: 'none' })}.${encode({ exp })}.signature`
const user: SessionUser = { username: 'a', email: 'a@example.com', first_name: 'A', last_name: 'B', roles: [] }
const info: ProjectInfo = {
  name: 'alpha',
  display_name: null,
  '@parents': { customer: { name: 'c', display_name: null }, organization: { name: 'o', display_name: null } },
}

export const sessionEvents = typed<typeof sessionMachine>([
  { type: 'session.signInWithToken', token: 'Bearer typed-token' },
  { type: 'session.signInWithToken', token: '   ' },
  { type: 'session.signInWithSso' },
  { type: 'session.ssoCallback', url: 'https://console.test/oauth?code=1' },
  { type: 'session.logout' },
  { type: 'session.expired' },
  { type: 'session.refreshPermissions' },
  { type: 'session.clearedElsewhere' },
  done('readStoredSession', null),
  done('readStoredSession', { token: 'stored-token', authType: 'token' }),
  done('readStoredSession', { token: '', authType: 'oauth' }),
  failed('readStoredSession'),
  done('login', { user, auth_type: 'token', expires_at: '2030-01-02T00:00:00Z' }),
  failed('login'),
  done('validateToken', { user, auth_type: 'token', expires_at: '2030-01-02T00:00:00Z' }),
  failed('validateToken'),
  unavailable('validateToken'),
  done('loadUser', user),
  failed('loadUser'),
  done('loadPermissions', ['wadp.websites.*']),
  failed('loadPermissions'),
  done('storeSession'),
  failed('storeSession'),
  done('clearSession'),
  failed('clearSession'),
  failed('beginSso'),
  done('completeSso', { token: identityToken(NOW / 1000 + 3600) }),
  done('completeSso', { token: identityToken(NOW / 1000 - 1) }),
  failed('completeSso'),
  done('checkToken'),
  failed('checkToken'),
  unavailable('checkToken'),
  after('sessionCheckInterval', 'session.loggedIn.tokenCheck.idle'),
  after('platformRetryInterval', 'session.restoring.waitingForPlatform'),
  after('platformRetryInterval', 'session.loggedIn.tokenCheck.waitingForPlatform'),
])

export const projectEvents = typed<typeof projectMachine>([
  { type: 'project.urlChanged', project: null },
  { type: 'project.urlChanged', project: 'alpha' },
  { type: 'project.urlChanged', project: 'beta' },
  { type: 'project.select', name: 'alpha' },
  { type: 'project.select', name: 'beta' },
  { type: 'project.clear' },
  { type: 'project.reset' },
  { type: 'project.refresh' },
  done('findDefaultProject', 'alpha'),
  done('findDefaultProject', null),
  failed('findDefaultProject'),
  done('loadProject', { info, permissions: ['wadp.websites.*'] }),
  failed('loadProject'),
  { type: 'xstate.error.actor.loadProject', error: new ProjectUnavailableError('ghost') },
  done('rememberProject'),
  failed('rememberProject'),
])

/** Representative form inputs: each sets every field, so the wizard's drafts stay a small, named set. */
export const DRAFTS = {
  newOrigin: {
    domain_name: 'shop.example.com',
    backend: { directorOption: 'new', host: 'origin.example.com', port: 443, weight: 1 },
    default_director: null,
  },
  existingDirector: {
    domain_name: 'shop.example.com',
    backend: { directorOption: 'existing', host: '', port: 443, weight: 1 },
    default_director: 'shared-origin',
  },
  invalidDomain: {
    domain_name: 'not a domain',
    backend: { directorOption: 'new', host: 'origin.example.com', port: 443, weight: 1 },
    default_director: null,
  },
  invalidBackend: {
    domain_name: 'shop.example.com',
    backend: { directorOption: 'new', host: '', port: 443, weight: 1 },
    default_director: null,
  },
} as const satisfies Record<string, QuickSetupDraftPatch>

/** With random() = 0 every generated suffix is 'aaaaa'. */
export const QUICK_SETUP_INPUT = { project: 'alpha', random: () => 0 }
export const AUTO_DIRECTOR = 'shop-example-com-aaaaa'

/** The submission's input: the checked draft with a new origin (the richer sequence: a director to create). */
export const QUICK_SETUP_SUBMISSION_INPUT = { ...QUICK_SETUP_INPUT, draft: DRAFTS.newOrigin }

export const quickSetupSubmissionEvents = typed<typeof quickSetupSubmissionMachine>([
  done('listDomains', []),
  done('listDomains', ['shop.example.com']),
  failed('listDomains'),
  done('createDirector', { name: AUTO_DIRECTOR }),
  failed('createDirector'),
  refused('createDirector'),
  done('checkCreatedDirector', { name: AUTO_DIRECTOR }),
  done('checkCreatedDirector', null),
  failed('checkCreatedDirector'),
  after('recheckDelay', 'quickSetupSubmission.checkingCreatedDirector.waiting'),
  done('recheckCreatedDirector', { name: AUTO_DIRECTOR }),
  done('recheckCreatedDirector', null),
  failed('recheckCreatedDirector'),
  done('checkWebsiteName', false),
  done('checkWebsiteName', true),
  failed('checkWebsiteName'),
  done('checkSuffixedWebsiteName', false),
  done('checkSuffixedWebsiteName', true),
  failed('checkSuffixedWebsiteName'),
  done('createWebsite', { name: 'shop-example-com', default_director: AUTO_DIRECTOR }),
  failed('createWebsite'),
  refused('createWebsite'),
  done('checkCreatedWebsite', { name: 'shop-example-com', default_director: AUTO_DIRECTOR }),
  done('checkCreatedWebsite', { name: 'shop-example-com', default_director: 'shared-origin' }),
  done('checkCreatedWebsite', null),
  failed('checkCreatedWebsite'),
  after('recheckDelay', 'quickSetupSubmission.checkingCreatedWebsite.waiting'),
  done('recheckCreatedWebsite', { name: 'shop-example-com', default_director: AUTO_DIRECTOR }),
  done('recheckCreatedWebsite', { name: 'shop-example-com', default_director: 'shared-origin' }),
  done('recheckCreatedWebsite', null),
  failed('recheckCreatedWebsite'),
  done('deleteDirector'),
  failed('deleteDirector'),
])

/**
 * The submission's snapshot while it removes the director it created: the wizard's page then says so.
 * Resolved by the machine itself, not by xstate's pure `transition` (which this module would add to the
 * framework chunk every page loads).
 */
function submissionRollingBack(): AnyMachineSnapshot {
  return quickSetupSubmissionMachine.resolveState({
    value: 'rollingBack',
    context: {
      ...QUICK_SETUP_SUBMISSION_INPUT,
      errors: [{ field: 'server', message: 'createWebsite refused' }],
      requestedDirector: AUTO_DIRECTOR,
      createdDirector: AUTO_DIRECTOR,
      websiteName: 'shop-example-com',
      created: null,
      removedDirector: null,
    },
  })
}

const created: QuickSetupOutcome = {
  created: { name: 'shop-example-com', default_director: AUTO_DIRECTOR },
  errors: [],
  removedDirector: null,
}
const notCreated: QuickSetupOutcome = {
  created: null,
  errors: [{ field: 'server', message: 'createWebsite refused' }],
  removedDirector: null,
}

/** The wizard's events: the user's, and the submission's outcomes (its own paths have its steps). */
export const quickSetupEvents = typed<typeof quickSetupMachine>([
  ...(['open', 'next', 'previous', 'yes', 'no', 'finish', 'cancel', 'close', 'restart'] as const).map((verb) => ({
    type: `wizard.${verb}`,
  })),
  ...Object.values(DRAFTS).map((draft) => ({ type: 'wizard.edit', draft })),
  { type: 'xstate.snapshot.submission', snapshot: submissionRollingBack() },
  done('submission', created),
  done('submission', notCreated),
  failed('submission'),
])

const draftNames = new Map<unknown, string>(Object.entries(DRAFTS).map(([name, draft]) => [draft, name]))

/** Which of the named drafts the wizard holds: simple paths then tell a valid draft from an invalid one. */
export function quickSetupDraftName(state: AnyMachineSnapshot): string {
  const draft: unknown = state.context.draft
  return [...draftNames.entries()].find(([known]) => JSON.stringify(known) === JSON.stringify(draft))?.[1] ?? 'empty'
}

/** A form rule for paths: a director needs a host, as the real schema says (tests/machines prove the real one). */
const needsHost = (values: Record<string, unknown>) =>
  values.host ? [] : [{ field: 'host', message: 'must be a host name or an IP address' }]
const savedDirector = { name: 'blue', revision: 2, host: 'origin.example.com' }

export const resourceFormEvents = typed<typeof resourceFormMachine>([
  { type: 'form.change', path: 'host', value: 'origin.example.com' },
  { type: 'form.change', path: 'host', value: '' },
  { type: 'form.submit' },
  { type: 'conflict.reload' },
  { type: 'conflict.overwrite' },
  { type: 'conflict.dismiss' },
  done('save', savedDirector),
  // A create that reveals a secret once (an API token's): shown until the user dismisses it.
  done('save', { ...savedDirector, secret: 'tok_secret_shown_once' }),
  { type: 'secret.dismiss' },
  { type: 'save.confirm' },
  { type: 'save.cancel' },
  {
    type: 'xstate.error.actor.save',
    error: { message: 'host is taken', fieldErrors: [{ field: 'host', message: 'taken' }], current: null },
  },
  {
    type: 'xstate.error.actor.save',
    error: { message: 'changed', fieldErrors: [], current: { ...savedDirector, revision: 3, host: 'b.example.com' } },
  },
])
export const RESOURCE_FORM_INPUT = {
  mode: 'edit' as const,
  name: 'blue',
  values: { name: 'blue', host: '' },
  revision: 1,
  validate: needsHost,
  // A save moving the origin away asks first (as a node leaving traffic does).
  confirm: (values: Record<string, unknown>, initial: Record<string, unknown>) =>
    values.host && values.host !== initial.host
      ? { title: 'Move the origin?', text: 'Traffic goes to the new host.', action: 'Move' }
      : null,
}

export const nodeMaintenanceEvents = typed<typeof nodeMaintenanceMachine>([
  { type: 'maintenance.request', nodes: ['pop-fr-par-1', 'pop-us-nyc-1'], maintenance: true },
  { type: 'maintenance.request', nodes: [], maintenance: true },
  { type: 'maintenance.confirm' },
  { type: 'maintenance.cancel' },
  { type: 'maintenance.dismiss' },
  done('setMaintenance', [
    { name: 'pop-fr-par-1', result: 'succeeded', status: 'maintenance', changed: true, message: null },
    { name: 'pop-us-nyc-1', result: 'failed', status: 'disabled', changed: false, message: 'it is disabled' },
  ]),
  failed('setMaintenance'),
])

const LIVE_LINE = {
  id: '41',
  node: 'pop-zz-edge-1',
  sampled: false,
  at: '2026-11-26T11:00:00.000Z',
  host: 'shop.example.com',
  method: 'GET',
  path: '/cart',
  query: 'session=REDACTED',
  status: 200,
  cache: 'miss' as const,
  bytes: 512,
  duration_ms: 12.5,
  client_country: null,
}

const liveTrafficState = (state: AnyMachineSnapshot) =>
  JSON.stringify({ value: state.value, lines: state.context.lines.length > 0, error: state.context.error !== null })

export const liveTrafficEvents = typed<typeof liveTrafficMachine>([
  { type: 'traffic.open' },
  { type: 'stream.ready' },
  { type: 'stream.lines', lines: [LIVE_LINE] },
  failed('stream'),
  done('stream'),
  { type: 'traffic.pause' },
  { type: 'traffic.resume' },
  { type: 'traffic.clear' },
  { type: 'traffic.close' },
])

export const secretRotationEvents = typed<typeof secretRotationMachine>([
  { type: 'secret.rotate', name: 'pop-fr-par-9' },
  { type: 'secret.confirm' },
  { type: 'secret.cancel' },
  { type: 'secret.dismiss' },
  done('rotateSecret', 'wadp_new_secret_shown_once'),
  failed('rotateSecret'),
])

export const resourceDeletionEvents = typed<typeof resourceDeletionMachine>([
  { type: 'deletion.request', items: [{ name: 'blue', revision: 1 }] },
  {
    type: 'deletion.request',
    items: [
      { name: 'blue', revision: 1 },
      { name: 'green', revision: 4 },
    ],
  },
  { type: 'deletion.request', items: [] },
  { type: 'deletion.confirm' },
  { type: 'deletion.cancel' },
  { type: 'deletion.dismiss' },
  done('deleteResources', [{ name: 'blue', deleted: true, message: null }]),
  done('deleteResources', [{ name: 'blue', deleted: false, message: 'director blue is still used by website shop' }]),
  done('deleteResources', [
    { name: 'blue', deleted: true, message: null },
    { name: 'green', deleted: false, message: 'still used' },
  ]),
  failed('deleteResources'),
])

/** The invalidation form checks against a project serving shop.example.com (as the page does, with the schema). */
const INVALIDATION_SCHEMA = purgeRequestSchema(['shop.example.com'])
export const INVALIDATION_INPUT = {
  check: (draft: { type: 'url' | 'prefix' | 'host' | 'tag' | 'all'; text: string; soft: boolean }) =>
    checkInvalidationDraft(draft, INVALIDATION_SCHEMA),
}
const purgeRecord = (status: PurgeRecord['status']): PurgeRecord => ({
  name: 'p-1',
  type: 'url',
  targets: ['https://shop.example.com/a'],
  soft: false,
  status,
  per_node: [
    {
      node: 'pop-fr-par-1',
      status: status === 'in_progress' ? 'in_progress' : 'completed',
      at: null,
      source: 'simulated',
      message: null,
    },
  ],
  created_at: '2026-11-24T10:00:00.000Z',
  created_by: 'ops@example.com',
})
export const invalidationEvents = typed<typeof invalidationMachine>([
  { type: 'draft.change', patch: { type: 'url', text: 'https://shop.example.com/a' } },
  { type: 'draft.change', patch: { text: 'https://evil.example.net/x' } },
  { type: 'draft.change', patch: { type: 'all' } },
  { type: 'purge.submit' },
  { type: 'purge.confirm' },
  { type: 'purge.cancel' },
  { type: 'purge.again', request: { type: 'tag', targets: ['product-42'], soft: false } },
  done('sendPurge', purgeRecord('queued')),
  failed('sendPurge'),
  after('followInterval', 'invalidation.following.waiting'),
  done('readPurge', purgeRecord('in_progress')),
  done('readPurge', purgeRecord('completed')),
  done('readPurge', purgeRecord('partial')),
  failed('readPurge'),
])

const restorePlan = (revision: number, changes: number) => ({
  plan_revision: revision,
  changes: Array.from({ length: changes }, (_, index) => ({
    type: 'directors',
    name: `origin-${index + 1}`,
    action: 'create' as const,
  })),
})
const staleRestore = (): AnyEventObject => ({
  type: 'xstate.error.actor.applyRestore',
  error: Object.assign(new Error('the project changed since the dry run'), {
    freshPlan: restorePlan(8, 2),
  }) satisfies RestoreFailure,
})
export const backupRestoreEvents = typed<typeof backupRestoreMachine>([
  { type: 'restore.open', backup: { name: 'b-1', label: 'Before the migration' } },
  { type: 'restore.confirm' },
  { type: 'restore.retry' },
  { type: 'restore.close' },
  done('planRestore', restorePlan(7, 1)),
  done('planRestore', restorePlan(7, 0)),
  failed('planRestore'),
  done('applyRestore', { ...restorePlan(9, 1), applied: true }),
  failed('applyRestore'),
  staleRestore(),
])

export const ipImportEvents = typed<typeof ipImportMachine>([
  { type: 'import.open' },
  { type: 'import.change', text: '10.0.0.1\nnot-an-ip' },
  { type: 'import.change', text: '   ' },
  { type: 'import.mode', mode: 'replace' },
  { type: 'import.mode', mode: 'append' },
  { type: 'import.submit', revision: 4 },
  { type: 'import.submit', revision: 6 },
  { type: 'import.confirm' },
  { type: 'import.cancel' },
  { type: 'import.close' },
  done('importAddresses', {
    added: 1,
    duplicates: 0,
    invalid: [{ line: 2, text: 'not-an-ip', message: 'must be an IPv4 or IPv6 address, optionally with a /prefix' }],
    revision: 5,
    entryCount: 5,
  }),
  { type: 'xstate.error.actor.importAddresses', error: { stale: true, message: 'changed meanwhile' } },
  failed('importAddresses'),
])

/** A project's deletion: its name chosen, mistyped and typed, the preview and the delete answered both ways. */
export const tenancyDeletionEvents = typed<typeof tenancyDeletionMachine>([
  { type: 'deletion.choose', name: 'shop' },
  { type: 'deletion.choose', name: '  ' },
  { type: 'deletion.type', text: 'sho' },
  { type: 'deletion.type', text: 'shop' },
  { type: 'deletion.confirm' },
  { type: 'deletion.retry' },
  { type: 'deletion.reset' },
  done('loadPreview', {
    revision: 7,
    preview: { projects: ['shop'], resources: { websites: 2 }, tokens_limited_to_it: 1 },
  }),
  failed('loadPreview'),
  done('deleteTenancy'),
  { type: 'xstate.error.actor.deleteTenancy', error: new Error('the project changed meanwhile') },
])
export const TENANCY_DELETION_INPUT = { kind: 'project' as const }
/** What tells two deletion states apart: where it is, what is chosen, whether the name is typed, the preview. */
export const tenancyDeletionState = (state: AnyMachineSnapshot) =>
  JSON.stringify({
    value: state.value,
    name: state.context.name,
    typed: typedNameMatches(state.context.typed, state.context.name) ? 'name' : state.context.typed ? 'other' : '',
    preview: state.context.preview !== null,
  })

export const MACHINES = {
  session: { machine: sessionMachine, events: sessionEvents, input: { now: () => NOW } },
  project: { machine: projectMachine, events: projectEvents },
  'project-selector': {
    machine: projectSelectorMachine,
    events: [
      { type: 'selector.open' },
      { type: 'selector.close' },
      { type: 'selector.filter', text: 'alp' },
      done('fetchProjects'),
      failed('fetchProjects'),
    ],
  },
  'global-search': {
    machine: globalSearchMachine,
    events: [
      { type: 'search.input', text: 'shop' },
      { type: 'search.input', text: '   ' },
      { type: 'search.keyUp' },
      { type: 'search.clear' },
      { type: 'search.close' },
      after('searchDebounce', 'globalSearch.debouncing'),
      done('search', { count: 3 }),
      done('search', { count: 0 }),
      failed('search'),
    ],
  },
  'chunk-reload': {
    machine: chunkReloadMachine,
    events: [
      { type: 'chunk.loadFailed' },
      done('readLastReload', null),
      done('readLastReload', NOW - 1000),
      done('readLastReload', NOW - 120_000),
      failed('readLastReload'),
    ],
    input: { now: () => NOW },
  },
  'quick-setup': {
    machine: quickSetupMachine,
    events: quickSetupEvents,
    input: QUICK_SETUP_INPUT,
    serializeState: (state: AnyMachineSnapshot) =>
      JSON.stringify({ value: state.value, draft: quickSetupDraftName(state) }),
    describeContext: (state: AnyMachineSnapshot) => {
      const errors: QuickWebsiteError[] = state.context.errors
      return [
        `draft ${quickSetupDraftName(state)}`,
        errors.length > 0 ? `errors [${errors.map((e) => `${e.field}: ${e.message}`).join('; ')}]` : '',
      ]
        .filter(Boolean)
        .join(', ')
    },
    label: (event: AnyEventObject) => {
      if (event.type === 'wizard.edit' && 'draft' in event) return `wizard.edit (${draftNames.get(event.draft)})`
      if (event.type === 'xstate.snapshot.submission') return 'submission rolling back'
      if (event.type === 'xstate.done.actor.submission') {
        const outcome: QuickSetupOutcome = event.output
        return outcome.created ? `submission done: ${outcome.created.name} created` : 'submission done: not created'
      }
      return undefined
    },
  },
  'quick-setup-submission': {
    machine: quickSetupSubmissionMachine,
    events: quickSetupSubmissionEvents,
    input: QUICK_SETUP_SUBMISSION_INPUT,
    serializeState: (state: AnyMachineSnapshot) =>
      JSON.stringify({ value: state.value, director: state.context.createdDirector }),
    describeContext: (state: AnyMachineSnapshot) => {
      const errors: QuickWebsiteError[] = state.context.errors
      const director: string | null = state.context.createdDirector
      return [
        director ? `created director ${director}` : '',
        errors.length > 0 ? `errors [${errors.map((e) => `${e.field}: ${e.message}`).join('; ')}]` : '',
      ]
        .filter(Boolean)
        .join(', ')
    },
    // A refusal (the platform said no) and a failure (no answer) lead different ways: say which.
    label: (event: AnyEventObject) => {
      const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type)
      return failed && event.error?.refused === true ? `${failed[1]} refused` : undefined
    },
  },
  'resource-form': {
    machine: resourceFormMachine,
    events: resourceFormEvents,
    input: RESOURCE_FORM_INPUT,
    serializeState: (state: AnyMachineSnapshot) =>
      JSON.stringify({
        value: state.value,
        host: state.context.values.host,
        revision: state.context.revision,
        errors: state.context.fieldErrors.length,
      }),
  },
  'resource-deletion': { machine: resourceDeletionMachine, events: resourceDeletionEvents },
  'node-maintenance': {
    machine: nodeMaintenanceMachine,
    events: nodeMaintenanceEvents,
    serializeState: (state: AnyMachineSnapshot) =>
      JSON.stringify({
        value: state.value,
        nodes: state.context.nodes.length,
        failed: state.context.results.filter((r: { result: string }) => r.result === 'failed').length,
        error: state.context.error !== null,
      }),
  },
  'live-traffic': {
    machine: liveTrafficMachine,
    events: liveTrafficEvents,
    // Whether lines are shown, not how many: each count up to the buffer's 200 would be a state of its own,
    // and the paths to all of them fill gigabytes (the cap itself is tests/machines/live-traffic.test.ts's).
    serializeState: liveTrafficState,
    shortestBy: liveTrafficState,
  },
  'secret-rotation': {
    machine: secretRotationMachine,
    events: secretRotationEvents,
    serializeState: (state: AnyMachineSnapshot) =>
      JSON.stringify({ value: state.value, error: state.context.error !== null }),
  },
  'tenancy-deletion': {
    machine: tenancyDeletionMachine,
    events: tenancyDeletionEvents,
    input: TENANCY_DELETION_INPUT,
    serializeState: tenancyDeletionState,
    describeContext: (state: AnyMachineSnapshot) =>
      [
        state.context.name ? `chosen ${state.context.name}` : '',
        state.context.typed ? `typed "${state.context.typed}"` : '',
      ]
        .filter(Boolean)
        .join(', '),
  },
  'ip-import': {
    machine: ipImportMachine,
    events: ipImportEvents,
    input: { revision: 4 },
    serializeState: (state: AnyMachineSnapshot) =>
      JSON.stringify({
        value: state.value,
        text: state.context.text,
        mode: state.context.mode,
        revision: state.context.revision,
        failure: state.context.failure?.stale ?? null,
      }),
  },
  'backup-restore': {
    machine: backupRestoreMachine,
    events: backupRestoreEvents,
    serializeState: (state: AnyMachineSnapshot) =>
      JSON.stringify({
        value: state.value,
        plan: state.context.plan ? [state.context.plan.plan_revision, state.context.plan.changes.length] : null,
        applied: state.context.applied !== null,
        replanned: state.context.replanned,
      }),
  },
  invalidation: {
    machine: invalidationMachine,
    events: invalidationEvents,
    input: INVALIDATION_INPUT,
    serializeState: (state: AnyMachineSnapshot) =>
      JSON.stringify({
        value: state.value,
        draft: state.context.draft,
        request: state.context.request?.type ?? null,
        misses: state.context.misses,
        current: state.context.current?.status ?? null,
      }),
  },
  'sync-status': {
    machine: syncStatusMachine,
    // Three attempts instead of 300 keep the state space small; tests/machines/sync-status.test.ts proves 300.
    input: { kind: 'project', project: 'alpha', autoStart: true, maxAttempts: 3 },
    events: [
      { type: 'sync.start', explicit: true },
      { type: 'sync.start', explicit: false },
      { type: 'sync.recheck' },
      { type: 'sync.projectChanged', project: 'beta' },
      { type: 'sync.projectChanged', project: null },
      done('fetchSyncState', {
        error: null,
        updated: false,
        finished: false,
        details: [syncDetail('pop-fr-par-1', true), syncDetail('pop-us-nyc-1', false)],
      }),
      done('fetchSyncState', {
        error: null,
        updated: true,
        finished: true,
        details: [syncDetail('pop-fr-par-1', true), syncDetail('pop-us-nyc-1', true)],
      }),
      done('fetchSyncState', {
        error: null,
        updated: false,
        finished: true,
        details: [syncDetail('pop-fr-par-1', true), syncDetail('pop-de-fra-1', false, true)],
      }),
      done('fetchSyncState', { error: 'fleet state unavailable', updated: false, finished: false, details: [] }),
      failed('fetchSyncState'),
      after('pollInterval', 'syncStatus.loading.waiting'),
    ],
    serializeState: (state: AnyMachineSnapshot) => JSON.stringify([state.value, state.context.attempts]),
    describeContext: (state: AnyMachineSnapshot) =>
      `project ${state.context.project ?? '-'}, attempt ${state.context.attempts}${state.context.explicit ? ', explicit' : ''}`,
  },
} satisfies Record<string, MachineEntry>

export type MachineName = keyof typeof MACHINES
