import { type ReactNode, useEffect, useRef, useState } from 'react'
import { Spinner } from '../../ui/Spinner.tsx'
import { TextField } from '../../ui/TextField.tsx'

/** Typing waits this long for a pause before the filter goes to the URL (and the server). */
export const FILTER_DELAY_MS = 200

/**
 * The filter box's text: shown as typed, sent after a pause in typing (or on Enter), and replaced when
 * the URL's filter changes by other means (Back, a link).
 */
function useFilterText(q: string, send: (q: string) => void) {
  const [text, setText] = useState(q)
  const sent = useRef(q)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const sendRef = useRef(send)
  sendRef.current = send

  useEffect(() => {
    // Our own filter coming back through the URL: what was typed since must stay.
    if (q === sent.current) return
    sent.current = q
    clearTimeout(timer.current)
    setText(q)
  }, [q])
  useEffect(() => () => clearTimeout(timer.current), [])

  const commit = (value: string) => {
    clearTimeout(timer.current)
    if (value === sent.current) return
    sent.current = value
    sendRef.current(value)
  }
  return {
    text,
    change: (value: string) => {
      setText(value)
      clearTimeout(timer.current)
      timer.current = setTimeout(() => commit(value), FILTER_DELAY_MS)
    },
    commitNow: () => commit(text),
  }
}

/** The name filter's box: a keystroke renders it alone, not the table (a page of 1000 rows). */
function NameFilter({ q, onCommit }: { q: string; onCommit: (q: string) => void }) {
  const filter = useFilterText(q, onCommit)
  return (
    <TextField
      label="Filter by name"
      type="search"
      value={filter.text}
      onChange={(event) => filter.change(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') filter.commitNow()
      }}
      autoComplete="off"
      className="w-72 max-w-full"
    />
  )
}

type ListToolbarProps = {
  /** The name filter in the URL. */
  q: string
  onFilter: (q: string) => void
  /** Dropdown filters beside the name filter (`ui.listFilters`). */
  filterControls?: ReactNode
  /** Said beside the filters while another page, filter or sort loads (`Updating websites…`); null otherwise. */
  updating: string | null
  /** What can be done with the selected rows (`SelectionBar`), at the toolbar's end. */
  selectionBar?: ReactNode
}

/** Above a list's table: the name filter, the page's own filters, and the bar of the selected rows. */
export function ListToolbar({ q, onFilter, filterControls, updating, selectionBar }: ListToolbarProps) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div className="flex items-end gap-3">
        <NameFilter q={q} onCommit={onFilter} />
        {filterControls}
        {updating && (
          <span className="pb-2 text-slate-500 dark:text-slate-400">
            <Spinner label={updating} size="sm" />
          </span>
        )}
      </div>
      {selectionBar}
    </div>
  )
}
