import type { SnapshotFrom } from 'xstate'
import type { QuickSetupDraft, QuickWebsiteError } from '../src/types/quick-setup.ts'
import type { quickSetupMachine } from './quick-setup.ts'
import type { CreatedWebsite, QuickSetupPage } from './quick-setup.types.ts'

type QuickSetupSnapshot = SnapshotFrom<typeof quickSetupMachine>

const PAGES: readonly QuickSetupPage[] = ['welcome', 'form', 'confirm', 'final']

export const selectIsOpen = (state: QuickSetupSnapshot): boolean => state.hasTag('open')
/** The page the modal shows; null while closed. */
export const selectPage = (state: QuickSetupSnapshot): QuickSetupPage | null =>
  PAGES.find((page) => state.hasTag(`page:${page}`)) ?? null
export const selectDraft = (state: QuickSetupSnapshot): QuickSetupDraft => state.context.draft
export const selectErrors = (state: QuickSetupSnapshot): QuickWebsiteError[] => state.context.errors
/** Submitting: the buttons are disabled and the confirmation page shows a spinner. */
export const selectIsBusy = (state: QuickSetupSnapshot): boolean => state.hasTag('busy')
/** A failed attempt's director is being removed: the page says so; the failure shows once that ends. */
export const selectIsRollingBack = (state: QuickSetupSnapshot): boolean => state.hasTag('rollingBack')
/** The director a failed attempt created and removed again, said beside its failure; null otherwise. */
export const selectRemovedDirector = (state: QuickSetupSnapshot): string | null => state.context.removedDirector

// Buttons follow what the machine accepts in this state, so the view cannot offer a dead button.
export const selectCanGoPrevious = (state: QuickSetupSnapshot): boolean => state.can({ type: 'wizard.previous' })
export const selectCanGoNext = (state: QuickSetupSnapshot): boolean => state.can({ type: 'wizard.next' })
export const selectCanAnswer = (state: QuickSetupSnapshot): boolean => state.can({ type: 'wizard.yes' })
export const selectCanFinish = (state: QuickSetupSnapshot): boolean => state.can({ type: 'wizard.finish' })
export const selectCanRestart = (state: QuickSetupSnapshot): boolean => state.can({ type: 'wizard.restart' })
export const selectCanClose = (state: QuickSetupSnapshot): boolean => state.can({ type: 'wizard.close' })

/** The created website as the server read it back; null on the 'Quick links!' page and elsewhere. */
export const selectCreatedWebsite = (state: QuickSetupSnapshot): CreatedWebsite | null =>
  state.hasTag('page:final') ? state.context.created : null
/** The final page without a website name shows 'Quick links!' (spec section 2). */
export const selectShowsQuickLinks = (state: QuickSetupSnapshot): boolean =>
  state.hasTag('page:final') && state.context.created === null
/** The domain the CNAME reminder names on the final page. */
export const selectCreatedDomain = (state: QuickSetupSnapshot): string | null =>
  selectCreatedWebsite(state) === null ? null : state.context.draft.domain_name
