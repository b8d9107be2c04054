import type { QuickSetupDraft, QuickWebsiteError, quickSetupDirector } from '../src/types/quick-setup.ts'

/** What the quick-setup machine exchanges with the composition layer: actor inputs and outputs, events, emitted events. */

/** A field change from the form; `backend` is merged field by field, so the form can send one input at a time. */
export interface QuickSetupDraftPatch {
  domain_name?: string
  backend?: Partial<QuickSetupDraft['backend']>
  default_director?: string | null
}

/** The director body the wizard posts: section 3 defaults with the probe host set to the domain. */
export type QuickSetupDirectorBody = ReturnType<typeof quickSetupDirector>

export interface WebsiteRequest {
  name: string
  domain_name: string
  default_director: string
}

export interface CreatedDirector {
  name: string
}

export interface CreatedWebsite {
  name: string
  default_director: string
}

/** Actor inputs; every one names the project, so the composition layer needs no other state. */
export interface ProjectInput {
  project: string
}
export interface CreateDirectorInput extends ProjectInput {
  director: QuickSetupDirectorBody
}
export interface NamedResourceInput extends ProjectInput {
  name: string
}
export interface CreateWebsiteInput extends ProjectInput {
  website: WebsiteRequest
}

export interface QuickSetupContext {
  project: string
  random: () => number
  /** The user's input: kept across pages so Previous shows what was typed. */
  draft: QuickSetupDraft
  /** The form's errors, or the last submission's once it has ended. */
  errors: QuickWebsiteError[]
  /** What the server read back after creating the website; null on the 'Quick links!' page. */
  created: CreatedWebsite | null
  /** The director the last failed attempt created and removed again, for the page to say; null otherwise. */
  removedDirector: string | null
}

/** One submission of a checked draft: the quick website creation sequence (spec section 4). */
export interface QuickSetupSubmissionInput {
  project: string
  /** The normalised draft, valid by the form page's rules. */
  draft: QuickSetupDraft
  random: () => number
}

export interface QuickSetupSubmissionContext extends QuickSetupSubmissionInput {
  /** The failure to report, kept out of sight until the submission ends (after a rollback, say). */
  errors: QuickWebsiteError[]
  /** The director name this attempt asked for: what to look for when the creation's answer is lost. */
  requestedDirector: string | null
  /** The director this attempt created; a failure must delete it before reporting. */
  createdDirector: string | null
  /** The website name being checked, then the one to create. */
  websiteName: string | null
  /** What the server read back after creating the website. */
  created: CreatedWebsite | null
  /** The director this attempt created and the rollback deleted. */
  removedDirector: string | null
}

/**
 * How a submission ended: a website created (errors empty), or not, with the errors to list and the
 * director the rollback removed, if it removed one.
 */
export interface QuickSetupOutcome {
  created: CreatedWebsite | null
  errors: QuickWebsiteError[]
  removedDirector: string | null
}

/** `rollingBack` while a failed attempt's director is removed (its failure shown once that ends). */
export type QuickSetupSubmissionTag = 'rollingBack'

export interface QuickSetupInput {
  project: string
  /** Numbers in [0, 1) for the 5-letter name suffixes; injected so tests get deterministic names. */
  random?: () => number
}

export type QuickSetupEvent =
  /** `project`: the project to create the website in, when the same actor serves several (the console's). */
  | { type: 'wizard.open'; project?: string }
  | { type: 'wizard.next' }
  | { type: 'wizard.previous' }
  | { type: 'wizard.yes' }
  | { type: 'wizard.no' }
  | { type: 'wizard.finish' }
  | { type: 'wizard.cancel' }
  | { type: 'wizard.close' }
  | { type: 'wizard.restart' }
  | { type: 'wizard.edit'; draft: QuickSetupDraftPatch }

export type QuickSetupEmitted =
  /** A website was created: the app triggers an explicit sync check and refetches the directors list. */
  | { type: 'quickSetup.created'; project: string; name: string; default_director: string }
  /** Finish on the final page: the app goes to /websites. */
  | { type: 'quickSetup.finished' }

export type QuickSetupPage = 'welcome' | 'form' | 'confirm' | 'final'

/**
 * `open` while the modal shows, `page:*` for the page it shows, `busy` while submitting, `error` with errors
 * listed, `rollingBack` while a failed attempt's director is removed (its failure shown once that ends).
 */
export type QuickSetupTag = 'open' | 'busy' | 'error' | 'rollingBack' | `page:${QuickSetupPage}`
