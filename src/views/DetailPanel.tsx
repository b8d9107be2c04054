import type { ReactNode } from 'react'
import { Button } from '../ui/Button.tsx'
import { Spinner } from '../ui/Spinner.tsx'

/** What a panel of a detail page shows while its own request loads, fails or answers. */
export type PanelState<T> =
  | { status: 'loading' }
  | { status: 'error'; message: string; onRetry: () => void }
  | { status: 'ready'; data: T }

/**
 * A titled section of a detail page that loads on its own (who an SSO mapping applies to, a user's
 * tokens and audit entries): a spinner, the reason with Retry, the empty text, or the items.
 */
export function DetailPanel<T>({
  id,
  title,
  note,
  state,
  empty,
  children,
}: {
  id: string
  title: string
  note?: ReactNode
  state: PanelState<readonly T[]>
  empty: string
  children: (items: readonly T[]) => ReactNode
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-2 text-lg font-semibold">
        {title}
      </h2>
      {note && <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">{note}</p>}
      {state.status === 'loading' && <Spinner label={`Loading ${title.toLowerCase()}…`} />}
      {state.status === 'error' && (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700 dark:text-red-400">
          <span>{state.message}</span>
          <Button variant="secondary" size="sm" onClick={state.onRetry}>
            Retry
          </Button>
        </div>
      )}
      {state.status === 'ready' &&
        (state.data.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{empty}</p>
        ) : (
          children(state.data)
        ))}
    </section>
  )
}
