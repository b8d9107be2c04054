import { type ReactNode, useId } from 'react'
import { formatNumber } from '../../domain/numbers.ts'
import { Button } from '../../ui/Button.tsx'

type SelectionBarProps = {
  /** The selected rows still on the page. */
  count: number
  /** The page's own buttons for them (nodes: maintenance on or off). */
  actions?: ReactNode
  /** Delete selected, for a user who may delete. */
  onDelete?: (() => void) | undefined
  onClear: () => void
}

/**
 * The bulk bar: what can be done with the rows selected on a list's page; nothing while none is. It comes
 * before the table, as it shows: a region (a landmark) named by its count ('2 selected'), which a screen
 * reader's landmark keys reach from the row whose box was ticked (the list's live region says the count).
 */
export function SelectionBar({ count, actions, onDelete, onClear }: SelectionBarProps) {
  const id = useId()
  if (count === 0) return null
  return (
    <section
      aria-labelledby={id}
      className="flex items-center gap-3 rounded-md bg-slate-100 px-3 py-1.5 dark:bg-slate-800"
    >
      <p id={id} className="text-sm font-medium">
        {formatNumber(count)} selected
      </p>
      {actions}
      {onDelete && (
        <Button variant="danger" size="sm" onClick={onDelete}>
          Delete selected
        </Button>
      )}
      <Button variant="ghost" size="sm" onClick={onClear}>
        Clear selection
      </Button>
    </section>
  )
}
