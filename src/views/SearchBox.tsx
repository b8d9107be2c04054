import { type KeyboardEvent, lazy, type ReactNode, Suspense, useId, useRef, useState } from 'react'
import type { SearchResult } from '../domain/project.ts'
import { SEARCH_MESSAGES } from '../domain/project.ts'
import { Spinner } from '../ui/Spinner.tsx'

export type SearchStatus = 'idle' | 'debouncing' | 'searching' | 'results' | 'empty' | 'failed'

export type SearchBoxProps = {
  text: string
  onInput: (text: string) => void
  /** Every key released in the box except navigation keys (the machine restarts its debounce on it). */
  onKeyUp: () => void
  onClear: () => void
  status: SearchStatus
  /** The text the shown results (or the empty message) are for. */
  query: string
  results: readonly SearchResult[]
  /** Renders the link to a result (the route layer passes TanStack's Link, keeping ?project=). */
  renderResultLink: (result: SearchResult, children: ReactNode) => ReactNode
}

const NAVIGATION_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Escape', 'Tab', 'Enter'])

const resultKey = (result: SearchResult) =>
  `${result.resource.name}:${result.project.name}:${result.resource.data.name}`

// A result's lines (its type, name, project and matched columns) come with the first results: what
// every page loads first carries only the box.
const ResultSummary = lazy(() => import('./SearchResultSummary.tsx'))
const loadResultSummary = () => void import('./SearchResultSummary.tsx')

/** The global search: a search box and a dropdown of results, walked with the arrow keys. */
export function SearchBox({
  text,
  onInput,
  onKeyUp,
  onClear,
  status,
  query,
  results,
  renderResultLink,
}: SearchBoxProps) {
  const [dismissed, setDismissed] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  const listRef = useRef<HTMLUListElement>(null)
  const dropdownId = useId()
  const open = status !== 'idle' && !dismissed

  function resultLinks(): HTMLElement[] {
    const items = listRef.current ? Array.from(listRef.current.children) : []
    return items.flatMap((item) => {
      const link = item.querySelector<HTMLElement>('a[href], button, [tabindex]')
      return link ? [link] : []
    })
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && open) {
      event.preventDefault()
      setDismissed(true)
      inputRef.current?.focus()
      return
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    // Results closed with Escape come back with ArrowDown, as a list box's do.
    if (event.key === 'ArrowDown' && dismissed && status !== 'idle') {
      event.preventDefault()
      setDismissed(false)
      return
    }
    const links = resultLinks()
    if (!open || links.length === 0) return
    event.preventDefault()
    const focused = document.activeElement
    const position = focused instanceof HTMLElement ? links.indexOf(focused) : -1
    const next = event.key === 'ArrowDown' ? position + 1 : position - 1
    if (next < 0) inputRef.current?.focus()
    else links[Math.min(next, links.length - 1)]?.focus()
  }

  const searching = (
    <div className="flex items-center gap-2 px-3 py-2 text-sm text-slate-600 dark:text-slate-400">
      <Spinner size="sm" /> Searching…
    </div>
  )
  let dropdown: ReactNode = null
  if (status === 'debouncing' || status === 'searching') {
    dropdown = searching
  } else if (status === 'empty') {
    dropdown = <p className="px-3 py-2 text-sm">{SEARCH_MESSAGES.noResults(query)}</p>
  } else if (status === 'failed') {
    dropdown = (
      <p role="alert" className="px-3 py-2 text-sm text-red-700 dark:text-red-400">
        {SEARCH_MESSAGES.failed}
      </p>
    )
  } else if (status === 'results') {
    dropdown = (
      <Suspense fallback={searching}>
        <ul ref={listRef} aria-label={`Search results for ${query}`} className="max-h-96 overflow-y-auto py-1">
          {results.map((result) => (
            <li
              key={resultKey(result)}
              className="[&>a]:block [&>a]:px-3 [&>a]:py-2 [&>a:focus]:bg-teal-50 [&>a:focus]:outline-none [&>a:hover]:bg-slate-100 dark:[&>a:focus]:bg-slate-800 dark:[&>a:hover]:bg-slate-800"
            >
              {renderResultLink(result, <ResultSummary result={result} />)}
            </li>
          ))}
        </ul>
      </Suspense>
    )
  }

  // Said by the status below, there from the start: results arriving in a new dropdown are not announced.
  const found = status === 'results' ? results.length : status === 'empty' ? 0 : null
  return (
    <search
      className="relative block w-full max-w-md"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // Leaving the box and its results closes the dropdown; moving between them does not.
        if (!event.currentTarget.contains(event.relatedTarget)) setDismissed(true)
      }}
    >
      <input
        ref={inputRef}
        type="search"
        aria-label="Search"
        aria-controls={open ? dropdownId : undefined}
        placeholder="Search"
        autoComplete="off"
        value={text}
        onChange={(event) => {
          setDismissed(false)
          onInput(event.target.value)
        }}
        onFocus={(event) => {
          // Coming back from outside opens the results again; Escape from a result (focus moved back
          // here from inside) keeps them closed.
          if (!event.currentTarget.parentElement?.contains(event.relatedTarget)) setDismissed(false)
          loadResultSummary()
        }}
        onKeyUp={(event) => {
          if (!NAVIGATION_KEYS.has(event.key)) onKeyUp()
        }}
        className="block w-full rounded-md border border-slate-300 bg-white py-1.5 pr-8 pl-3 text-sm placeholder:text-slate-400 focus:border-teal-600 focus:outline-2 focus:outline-teal-600/40 dark:border-slate-700 dark:bg-slate-950 [&::-webkit-search-cancel-button]:hidden"
      />
      {text !== '' && (
        <button
          type="button"
          onClick={() => {
            onClear()
            inputRef.current?.focus()
          }}
          aria-label="Clear search"
          className="absolute inset-y-0 right-0 flex items-center px-2 text-slate-500 dark:text-slate-400 hover:text-slate-900 dark:hover:text-slate-100"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
            <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
          </svg>
        </button>
      )}
      <p role="status" className="sr-only">
        {found === null ? '' : `${found} result${found === 1 ? '' : 's'} for "${query}"`}
      </p>
      {open && dropdown && (
        // As wide as the box, and at least 28rem, growing leftwards from the box's right edge (the box sits at
        // the right of the top bar) and never wider than the viewport.
        <div
          id={dropdownId}
          className="absolute top-full right-0 z-50 mt-1 w-[max(28rem,100%)] max-w-[calc(100vw-1rem)] rounded-md border border-slate-200 bg-white text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          {dropdown}
        </div>
      )}
    </search>
  )
}
