import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react'
import type { SearchResult } from '../domain/project.ts'
import { matchParts, SEARCH_MESSAGES } from '../domain/project.ts'
import { typeEntryOfRoute } from '../types/registry.ts'
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

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * A matched column in words (`domain_name` → `Domain name`, `backends.host` → `Backends: Host`). Not the
 * types' field labels (src/types/field-names.ts) nor src/types/labels.ts: the box is part of what every
 * page loads first (/home's budget), and they would add 2 kB and a few hundred bytes to it.
 */
const columnInWords = (column: string) =>
  column
    .split('.')
    .map((part) => capitalised(part.replaceAll('_', ' ')))
    .join(': ')

/** A result's type as the registry names one of them (`waf-policies` → `WAF policy`). */
const typeInWords = (route: string) => capitalised(typeEntryOfRoute(route)?.one ?? route)

const NAVIGATION_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Escape', 'Tab', 'Enter'])

const resultKey = (result: SearchResult) =>
  `${result.resource.name}:${result.project.name}:${result.resource.data.name}`

/** The text with the part the search matched in a <mark> (text nodes only, never HTML). */
function Highlighted({ text, column, result }: { text: string; column: string; result: SearchResult }) {
  const match = result.search_match
  if (!match || match.column !== column) return <>{text}</>
  const [before, marked, after] = matchParts(text, match.start, match.length)
  if (marked === '') return <>{text}</>
  return (
    <>
      {before}
      <mark className="rounded-sm bg-amber-200 text-inherit dark:bg-amber-700/60">{marked}</mark>
      {after}
    </>
  )
}

function ResultSummary({ result }: { result: SearchResult }) {
  const { name, display_name } = result.resource.data
  const matches = Object.entries(result.search_matching_columns).map(
    ([column, value]) => [column, columnInWords(column), value] as const,
  )
  const title = display_name ?? name
  const project = `Project: ${result.project.display_name ?? result.project.name}`
  const matched = matches.map(([, label, value]) => `${label}: ${value}`).join(' · ')
  // The name wraps (a long one breaks anywhere); the lines under it keep to one line, their whole text
  // in a tooltip.
  return (
    <span className="flex flex-col gap-0.5">
      <span className="flex min-w-0 items-baseline gap-2">
        <span className="shrink-0 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          {typeInWords(result.resource.name)}
        </span>
        <span className="min-w-0 font-medium [overflow-wrap:anywhere]">
          <Highlighted text={title} column={display_name ? 'display_name' : 'name'} result={result} />
        </span>
        {display_name && display_name !== name && (
          <span title={name} className="min-w-0 truncate font-mono text-xs text-slate-500 dark:text-slate-400">
            <Highlighted text={name} column="name" result={result} />
          </span>
        )}
      </span>
      <span title={project} className="truncate text-xs text-slate-600 dark:text-slate-400">
        {project}
      </span>
      {matches.length > 0 && (
        <span title={matched} className="truncate text-xs text-slate-500 dark:text-slate-400">
          {matches.map(([column, label, value], index) => (
            <span key={column}>
              {index > 0 && ' · '}
              {label}: <Highlighted text={value} column={column} result={result} />
            </span>
          ))}
        </span>
      )}
    </span>
  )
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
    const links = resultLinks()
    if (!open || links.length === 0) return
    event.preventDefault()
    const focused = document.activeElement
    const position = focused instanceof HTMLElement ? links.indexOf(focused) : -1
    const next = event.key === 'ArrowDown' ? position + 1 : position - 1
    if (next < 0) inputRef.current?.focus()
    else links[Math.min(next, links.length - 1)]?.focus()
  }

  let dropdown: ReactNode = null
  if (status === 'debouncing' || status === 'searching') {
    dropdown = (
      <div className="flex items-center gap-2 px-3 py-2 text-sm text-slate-600 dark:text-slate-400">
        <Spinner size="sm" /> Searching…
      </div>
    )
  } else if (status === 'empty') {
    dropdown = (
      <p role="status" className="px-3 py-2 text-sm">
        {SEARCH_MESSAGES.noResults(query)}
      </p>
    )
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
        onFocus={() => setDismissed(false)}
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
