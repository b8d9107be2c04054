import type { FormEvent, ReactNode } from 'react'
import type { Option } from '../domain/resource-ui.ts'
import { type DeletionPreview, resourceCounts, type TenancyKind } from '../domain/tenancy-deletion.ts'
import { Button } from '../ui/Button.tsx'
import { Spinner } from '../ui/Spinner.tsx'
import { TextField } from '../ui/TextField.tsx'
import { PageHeading } from './PageHeading.tsx'
import { Dropdown } from './resources/fields/Dropdowns.tsx'

/** Where the deletion flow is (the tenancy-deletion machine's states, as the page needs them). */
export type TenancyDeletionPhase =
  | 'choosing'
  | 'previewing'
  | 'previewFailed'
  | 'confirming'
  | 'deleting'
  | 'deleted'
  | 'failed'

export type TenancyDeletionPageProps = {
  kind: TenancyKind
  /** The customers or projects to choose from. */
  choices: { options: readonly Option[]; loading: boolean; error: string | null }
  chosen: string | null
  phase: TenancyDeletionPhase
  preview: DeletionPreview | null
  typed: string
  canDelete: boolean
  error: string | null
  onChoose: (name: string) => void
  onType: (text: string) => void
  onDelete: () => void
  onRetry: () => void
  onReset: () => void
  /** A way back to the management page. */
  backLink: ReactNode
}

const noun = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`

/**
 * Deleting a customer or a project (RESOURCES.md, /management): choose it, read what goes, counted,
 * type its name again; only then is the delete button enabled.
 */
export function TenancyDeletionPage(props: TenancyDeletionPageProps) {
  const { kind, choices, chosen, phase, backLink } = props
  const title = kind === 'customer' ? 'Delete a customer' : 'Delete a project'
  return (
    <>
      <p className="mb-2 text-sm">{backLink}</p>
      <PageHeading
        title={title}
        description={
          kind === 'customer'
            ? 'A customer goes with all its projects and everything stored in them.'
            : 'A project goes with everything stored in it.'
        }
      />
      <div className="flex max-w-2xl flex-col gap-6">
        <Dropdown
          label={kind === 'customer' ? 'Customer to delete' : 'Project to delete'}
          options={choices.options}
          value={chosen}
          onChange={props.onChoose}
          description={choices.loading ? `Loading the ${kind}s…` : undefined}
          error={choices.error ?? undefined}
          disabled={phase === 'deleting'}
        />
        <Step {...props} />
      </div>
    </>
  )
}

function Step(props: TenancyDeletionPageProps) {
  const { kind, chosen, phase, error } = props
  if (phase === 'choosing') return <p className="text-slate-600 dark:text-slate-400">Choose the {kind} to delete.</p>
  if (phase === 'previewing') return <Spinner label={`Reading what deleting ${chosen} removes…`} />
  if (phase === 'previewFailed')
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-red-700 dark:text-red-400">
        <span>{error}</span>
        <Button variant="secondary" onClick={props.onRetry}>
          Try again
        </Button>
      </div>
    )
  if (phase === 'deleted')
    return (
      <div role="status" className="flex flex-wrap items-center gap-3">
        <span>
          The {kind} {chosen} was deleted.
        </span>
        <Button variant="secondary" onClick={props.onReset}>
          Delete another
        </Button>
      </div>
    )
  return <Confirmation {...props} />
}

function Confirmation({ kind, chosen, phase, preview, typed, canDelete, error, ...on }: TenancyDeletionPageProps) {
  const deleting = phase === 'deleting'
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (canDelete) on.onDelete()
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-label={`Delete ${chosen}`}>
      {preview && <PreviewSummary kind={kind} name={chosen ?? ''} preview={preview} />}
      <TextField
        label={`Type ${chosen} to confirm`}
        description="Nothing can bring it back: the name must be typed exactly."
        value={typed}
        onChange={(event) => on.onType(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        disabled={deleting}
      />
      {phase === 'failed' && error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          The {kind} was not deleted: {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" disabled={!canDelete} busy={deleting}>
          Delete {kind} {chosen}
        </Button>
        <Button variant="secondary" onClick={on.onReset} disabled={deleting}>
          Cancel
        </Button>
        {phase === 'failed' && (
          <Button variant="ghost" onClick={on.onRetry}>
            Read the preview again
          </Button>
        )}
      </div>
    </form>
  )
}

/** What goes, counted: the projects, the resources per type, the tokens limited to them. */
function PreviewSummary({ kind, name, preview }: { kind: TenancyKind; name: string; preview: DeletionPreview }) {
  const counts = resourceCounts(preview)
  return (
    <section
      aria-label="What will be deleted"
      className="rounded-md border border-red-200 bg-red-50 p-4 text-sm dark:border-red-900 dark:bg-red-950/40"
    >
      <h2 className="mb-2 font-semibold">Deleting {name} removes</h2>
      <ul className="flex list-disc flex-col gap-1 pl-5">
        {kind === 'customer' && (
          <li>
            {noun(preview.projects.length, 'project')}
            {preview.projects.length > 0 && `: ${preview.projects.join(', ')}`}
          </li>
        )}
        {counts.length === 0 ? (
          <li>no resources</li>
        ) : (
          counts.map(({ type, count }) => (
            <li key={type}>
              {count} {type}
            </li>
          ))
        )}
        <li>
          {noun(preview.tokens_limited_to_it, 'API token')} limited to {kind === 'customer' ? 'them' : 'it'} (each loses
          it; one left with no project is revoked)
        </li>
      </ul>
    </section>
  )
}
