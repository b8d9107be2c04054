import type { KeyboardEvent, ReactNode, RefObject } from 'react'
import { SEARCH_MESSAGES, type SearchResult } from '../domain/project.ts'
import { Spinner } from '../ui/Spinner.tsx'
import ResultSummary from './SearchResultSummary.tsx'

// The global search's dropdown and its keyboard: loaded once the page is idle, when the box is focused,
// or with the first search (src/views/SearchBox.tsx draws the box itself from the start).

const resultKey = (result: SearchResult) =>
  `${result.resource.name}:${result.project.name}:${result.resource.data.name}`

/** ArrowDown and ArrowUp move between the box and the results' links, as a list box's options. */
export function moveThroughResults(
  event: KeyboardEvent<HTMLElement>,
  list: HTMLUListElement | null,
  input: HTMLInputElement | null,
) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
  const links = (list ? Array.from(list.children) : []).flatMap((item) => {
    const link = item.querySelector<HTMLElement>('a[href], button, [tabindex]')
    return link ? [link] : []
  })
  if (links.length === 0) return
  event.preventDefault()
  const focused = document.activeElement
  const position = focused instanceof HTMLElement ? links.indexOf(focused) : -1
  const next = event.key === 'ArrowDown' ? position + 1 : position - 1
  if (next < 0) input?.focus()
  else links[Math.min(next, links.length - 1)]?.focus()
}

export type SearchStatus = 'idle' | 'debouncing' | 'searching' | 'results' | 'empty' | 'failed'

type SearchDropdownProps = {
  id: string
  status: SearchStatus
  /** The text the shown results (or the empty message) are for. */
  query: string
  results: readonly SearchResult[]
  /** Renders the link to a result (the route layer passes TanStack's Link, keeping ?project=). */
  renderResultLink: (result: SearchResult, children: ReactNode) => ReactNode
  listRef: RefObject<HTMLUListElement | null>
}

/** What the search shows under the box: a spinner, the results, none found, or the failure. */
export function SearchDropdown({ id, status, query, results, renderResultLink, listRef }: SearchDropdownProps) {
  let dropdown: ReactNode = null
  if (status === 'debouncing' || status === 'searching') {
    dropdown = (
      <div className="flex items-center gap-2 px-3 py-2 text-sm text-slate-600 dark:text-slate-400">
        <Spinner size="sm" /> Searching…
      </div>
    )
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
    )
  }
  if (!dropdown) return null
  return (
    // As wide as the box, and at least 28rem, growing leftwards from the box's right edge (the box sits at
    // the right of the top bar) and never wider than the viewport.
    <div
      id={id}
      className="absolute top-full right-0 z-50 mt-1 w-[max(28rem,100%)] max-w-[calc(100vw-1rem)] rounded-md border border-slate-200 bg-white text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      {dropdown}
    </div>
  )
}
