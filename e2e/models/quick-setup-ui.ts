import { type SnapshotFrom, setup } from 'xstate'
import { createTestModel, type TestPath } from 'xstate/graph'
import type { QuickSetupPage } from '../../machines/quick-setup.types.ts'

/**
 * The Quick Setup wizard as the user sees it: pages and buttons, nothing else. It has no invoke and no
 * delay, so `createTestModel` accepts it, and its paths can be executed in the real UI. The submission
 * is abstracted into its outcome: `submitSucceeds` is Yes with a healthy server, `submitFails` is Yes
 * while the test makes website creation fail (page.route answering 500 once).
 *
 * Executors are expected to fill the form with a fresh domain before `wizard.next` on the form page, so
 * every submission starts from a valid draft; `nextRefused` is Next with the form's fields left blank,
 * which the page refuses with its errors shown inline (the real machine's tests cover each invalid draft).
 */

export type QuickSetupUiEvent =
  | { type: 'wizard.open' }
  | { type: 'wizard.next' }
  | { type: 'wizard.previous' }
  | { type: 'wizard.no' }
  | { type: 'wizard.finish' }
  | { type: 'wizard.cancel' }
  | { type: 'wizard.close' }
  | { type: 'wizard.restart' }
  | { type: 'nextRefused' }
  | { type: 'submitSucceeds' }
  | { type: 'submitFails' }

/** What a screen check needs: the page the modal shows (null when closed) and a description. */
export interface QuickSetupUiMeta {
  page: QuickSetupPage | null
  description: string
  /** After Finish: the app shows /websites. */
  websites?: boolean
  /** Errors shown: `inline` on the form's fields, `list` in the submission's 'Error:'/'Message:' list. */
  errors?: 'inline' | 'list'
}

const meta = (
  page: QuickSetupPage | null,
  description: string,
  extra: Pick<QuickSetupUiMeta, 'websites' | 'errors'> = {},
): QuickSetupUiMeta => ({ page, description, ...extra })

// Leaving the modal or starting over is offered on every page.
const pageControls = {
  'wizard.cancel': '#quickSetupUi.closed',
  'wizard.close': '#quickSetupUi.closed',
  'wizard.restart': '#quickSetupUi.welcome',
} as const

export const quickSetupUiModel = setup({
  types: { events: {} as QuickSetupUiEvent, meta: {} as QuickSetupUiMeta },
}).createMachine({
  id: 'quickSetupUi',
  initial: 'closed',
  states: {
    closed: {
      meta: meta(null, 'the modal is closed'),
      on: { 'wizard.open': 'welcome' },
    },
    welcome: {
      meta: meta('welcome', 'the welcome page'),
      on: { ...pageControls, 'wizard.next': 'form' },
    },
    form: {
      initial: 'editing',
      on: { ...pageControls, 'wizard.previous': 'welcome', 'wizard.next': 'confirming', nextRefused: '.invalid' },
      states: {
        editing: { meta: meta('form', 'the form page asking for the domain and the origin') },
        invalid: { meta: meta('form', 'the form page showing its fields’ errors', { errors: 'inline' }) },
      },
    },
    confirming: {
      initial: 'asking',
      on: {
        ...pageControls,
        'wizard.previous': 'form',
        'wizard.no': 'final.declined',
        submitSucceeds: 'final.created',
        submitFails: '.failed',
      },
      states: {
        asking: { meta: meta('confirm', 'the confirmation page') },
        failed: { meta: meta('confirm', 'the confirmation page listing the error', { errors: 'list' }) },
      },
    },
    final: {
      initial: 'created',
      on: { ...pageControls, 'wizard.finish': 'websites' },
      states: {
        created: { meta: meta('final', 'the final page naming the created website') },
        declined: { meta: meta('final', "the final page with 'Quick links!'") },
      },
    },
    websites: {
      meta: meta(null, 'the websites list, the modal closed', { websites: true }),
      on: { 'wizard.open': 'welcome' },
    },
  },
})

export const quickSetupUiTestModel = createTestModel(quickSetupUiModel)

export type QuickSetupUiPath = TestPath<SnapshotFrom<typeof quickSetupUiModel>, QuickSetupUiEvent>

/**
 * The shortest path to every screen, each with a readable description (`Reaches state "the
 * confirmation page listing the error": xstate.init → wizard.open → …`); a Playwright test runs them with
 * `path.test({ states, events })`.
 */
export function quickSetupUiPaths(): QuickSetupUiPath[] {
  return quickSetupUiTestModel.getShortestPaths()
}

/** The screen a snapshot of the model stands for. */
export function uiMetaOf(state: SnapshotFrom<typeof quickSetupUiModel>): QuickSetupUiMeta {
  const [found] = Object.values(state.getMeta())
  if (found === undefined) throw new Error(`quick setup UI model: no meta for ${JSON.stringify(state.value)}`)
  return found
}
