import { and, assign, setup } from 'xstate'
import { actionNotProvided, notProvided } from './not-provided.ts'

/**
 * Pasting addresses into an IP list (issue 11): the text goes to the server's import action, which
 * normalises, deduplicates and reports each invalid line; a replace asks first, since it drops the
 * entries there are. Whatever goes wrong, the pasted text stays.
 */

export type ImportMode = 'append' | 'replace'
export type ImportReport = {
  added: number
  duplicates: number
  invalid: { line: number; text: string; message: string }[]
  /** The list's revision after the import (the next import needs it). */
  revision: number
  entryCount: number
}
/** Why an import failed: the server's words, and whether the list changed meanwhile (409). */
export type ImportFailure = { message: string; stale: boolean }

export type IpImportInput = { revision: number }
export type IpImportContext = {
  text: string
  mode: ImportMode
  revision: number
  report: ImportReport | null
  failure: ImportFailure | null
}

export type IpImportEvent =
  | { type: 'import.open' }
  | { type: 'import.change'; text: string }
  | { type: 'import.mode'; mode: ImportMode }
  /** Sent with the revision of the list as the page shows it: the import goes against that one. */
  | { type: 'import.submit'; revision: number }
  | { type: 'import.confirm' }
  | { type: 'import.cancel' }
  | { type: 'import.close' }

export const ipImportMachine = setup({
  types: {
    context: {} as IpImportContext,
    events: {} as IpImportEvent,
    input: {} as IpImportInput,
  },
  actors: {
    importAddresses: notProvided<ImportReport, { text: string; mode: ImportMode; revision: number }>('importAddresses'),
  },
  actions: {
    /** The list's queries learn the new entries. */
    announceImported: actionNotProvided<{ report: ImportReport }>('announceImported'),
  },
  guards: {
    hasText: ({ context }) => context.text.trim() !== '',
    replaces: ({ context }) => context.mode === 'replace',
  },
}).createMachine({
  id: 'ipImport',
  description:
    'Paste addresses into an IP list (issue 11): send them to the import action, confirm a replace, report added, duplicates and each invalid line; the text survives every failure.',
  context: ({ input }) => ({ text: '', mode: 'append', revision: input.revision, report: null, failure: null }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'import.open': { target: 'editing', actions: assign({ report: null, failure: null }) } },
    },
    editing: {
      on: {
        'import.change': { actions: assign(({ event }) => ({ text: event.text })) },
        'import.mode': { actions: assign(({ event }) => ({ mode: event.mode })) },
        'import.submit': [
          {
            guard: and(['hasText', 'replaces']),
            target: 'confirmingReplace',
            actions: assign(({ event }) => ({ revision: event.revision })),
          },
          { guard: 'hasText', target: 'importing', actions: assign(({ event }) => ({ revision: event.revision })) },
          { actions: assign({ failure: { message: 'Paste at least one address or network.', stale: false } }) },
        ],
        'import.close': 'closed',
      },
    },
    confirmingReplace: {
      on: {
        'import.confirm': 'importing',
        'import.cancel': 'editing',
      },
    },
    importing: {
      tags: 'busy',
      entry: assign({ failure: null }),
      invoke: {
        id: 'importAddresses',
        src: 'importAddresses',
        input: ({ context }) => ({ text: context.text, mode: context.mode, revision: context.revision }),
        onDone: {
          target: 'reported',
          actions: [
            assign(({ event }) => ({ report: event.output, revision: event.output.revision })),
            { type: 'announceImported', params: ({ event }) => ({ report: event.output }) },
          ],
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({
            failure:
              typeof event.error === 'object' && event.error !== null && 'stale' in event.error
                ? (event.error as ImportFailure)
                : { message: event.error instanceof Error ? event.error.message : String(event.error), stale: false },
          })),
        },
      },
    },
    /** The report stays until the user pastes more (the text clears) or closes. */
    reported: {
      on: {
        'import.open': { target: 'editing', actions: assign({ text: '', report: null, failure: null }) },
        'import.close': { target: 'closed', actions: assign({ text: '' }) },
      },
    },
  },
})
