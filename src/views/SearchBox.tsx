import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react'
import type { SearchResult } from '../domain/project.ts'
import { useIdle } from '../ui/useIdle.ts'
import { useLoaded } from '../ui/useLoadedWhenIdle.ts'
import type { SearchStatus } from './SearchDropdown.tsx'

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

type Dropdown = typeof import('./SearchDropdown.tsx')
let loadedDropdown: Dropdown | null = null

/**
 * The dropdown's code (src/views/SearchDropdown.tsx: what it shows, a result's summary, the arrow keys),
 * asked for when the page is idle, the box is focused or a search begins: what every page draws first
 * carries only the box. Nothing is shown under the box before the first search (a second's debounce).
 */
const loadDropdown = async (): Promise<Dropdown> => {
  loadedDropdown ??= await import('./SearchDropdown.tsx')
  return loadedDropdown
}

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
  const [focused, setFocused] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  const listRef = useRef<HTMLUListElement>(null)
  const dropdownId = useId()
  const dropdown = useLoaded(loadDropdown, useIdle() || focused || status !== 'idle') ?? loadedDropdown
  const open = status !== 'idle' && !dismissed && dropdown !== null

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape' && open) {
      event.preventDefault()
      setDismissed(true)
      inputRef.current?.focus()
      return
    }
    // Results closed with Escape come back with ArrowDown, as a list box's do.
    if (event.key === 'ArrowDown' && dismissed && status !== 'idle') {
      event.preventDefault()
      setDismissed(false)
      return
    }
    if (open) dropdown.moveThroughResults(event, listRef.current, inputRef.current)
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
          setFocused(true)
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
      {open && (
        <dropdown.SearchDropdown
          id={dropdownId}
          status={status}
          query={query}
          results={results}
          renderResultLink={renderResultLink}
          listRef={listRef}
        />
      )}
    </search>
  )
}
