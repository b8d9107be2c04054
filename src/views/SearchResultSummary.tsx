import type { SearchResult } from '../domain/project.ts'
import { matchParts } from '../domain/project.ts'
import { typeEntryOfRoute } from '../types/registry.ts'

// One result of the global search, in words: its type, its name (the matched part marked), its project
// and the columns that matched. Loaded with the search's dropdown (src/views/SearchDropdown.tsx).

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * A matched column in words (`domain_name` → `Domain name`, `backends.host` → `Backends: Host`), not the
 * types' field labels (src/types/field-names.ts): they would add 2 kB to the first results' wait.
 */
const columnInWords = (column: string) =>
  column
    .split('.')
    .map((part) => capitalised(part.replaceAll('_', ' ')))
    .join(': ')

/** A result's type as the registry names one of them (`waf-policies` → `WAF policy`). */
const typeInWords = (route: string) => capitalised(typeEntryOfRoute(route)?.one ?? route)

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

export default function ResultSummary({ result }: { result: SearchResult }) {
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
