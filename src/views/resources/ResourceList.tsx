import { type ReactNode, useEffect, useRef, useState } from 'react'
import type { StoredRecord } from '../../api/resources.ts'
import { formatDateTime } from '../../domain/datetime.ts'
import { LIST_PAGE_SIZES, type ResourceListParams } from '../../domain/list-params.ts'
import { formatNumber } from '../../domain/numbers.ts'
import {
  type ColumnSpec,
  getPath,
  type ResourceUi,
  TIME_COLUMN_WIDTH,
  titleInSentence,
} from '../../domain/resource-ui.ts'
import { Button } from '../../ui/Button.tsx'
import { type DataColumn, DataTable } from '../../ui/DataTable.tsx'
import { Spinner } from '../../ui/Spinner.tsx'
import { TextField } from '../../ui/TextField.tsx'
import { visibleColumns } from '../../ui/table-parts.tsx'
import { PageHeading } from '../PageHeading.tsx'
import { ATTENTION_ROWS, AttentionBadge, type RenderReference, renderCell } from './format.tsx'

/** What a delete names: the resource and the revision this page showed (a newer one is not deleted unseen). */
export type ListDeletionItem = { name: string; revision: number }

export type ResourceListProps = {
  ui: ResourceUi
  /** One page of the list, as the server sent it. */
  rows: readonly StoredRecord[]
  /** Resources matching the filter, on every page. */
  total: number
  params: ResourceListParams
  status: 'loading' | 'error' | 'ready'
  errorMessage?: string
  /** Another page, filter or sort is loading while these rows stay. */
  refreshing?: boolean
  can: { create: boolean; update: boolean; delete: boolean }
  onParamsChange: (next: Partial<ResourceListParams>) => void
  onRetry: () => void
  onDelete: (items: ListDeletionItem[]) => void
  renderDetailLink: (name: string, content: ReactNode) => ReactNode
  renderAddLink: (content: ReactNode) => ReactNode
  /** An Edit link in each row's actions, when the user may update. */
  renderEditLink?: (name: string, content: ReactNode) => ReactNode
  renderReference: RenderReference
  /** More buttons beside Add in the heading (users: Invite a user). */
  actions?: ReactNode
  /** Dropdown filters beside the name filter (`ui.listFilters`), rendered by the route. */
  filterControls?: ReactNode
  /** Whether the rows are narrowed by more than the name filter: the empty list says so. */
  filtered?: boolean
  /** The cells of `custom` columns (a node's flag), drawn by the page; undefined for the others. */
  renderCustomCell?: (column: ColumnSpec, record: StoredRecord) => ReactNode
  /** More buttons for the selected rows beside Delete selected (nodes: maintenance on or off); rows become selectable. */
  selectionActions?: (rows: readonly StoredRecord[], clear: () => void) => ReactNode
}

/** Typing waits this long for a pause before the filter goes to the URL (and the server). */
export const FILTER_DELAY_MS = 200
/** The table's scroll area; a page of 1000 rows scrolls inside it. */
const TABLE_MAX_HEIGHT = 640
const ROW_HEIGHT = 52
const NAME_SORT = 'name'
const UPDATED_SORT = 'updated_at'

/** What a column without a width of its own needs at least. */
const AUTO_COLUMN_REM = 4
/** Whether a record's cell in this column shows nothing (the cell's '—'). */
export function emptyCell(column: ColumnSpec, record: StoredRecord): boolean {
  const value = getPath(record, column.path)
  if (column.format === 'boolean') return typeof value !== 'boolean'
  if (column.format === 'count') return !Array.isArray(value)
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
}

/**
 * The width a table of these columns needs before any is squeezed out: its widths in rem, plus a little
 * for each column without one, over what its percentage columns leave (a list of many columns, an API
 * token's, scrolls sideways on a narrow screen instead of losing its name column).
 */
export function tableMinWidth(widths: readonly (string | undefined)[]): string {
  let rem = 0
  let percent = 0
  for (const width of widths) {
    if (width === undefined) rem += AUTO_COLUMN_REM
    else if (width.endsWith('rem')) rem += Number.parseFloat(width)
    else if (width.endsWith('%')) percent += Number.parseFloat(width)
  }
  return `${Math.ceil(rem / (1 - Math.min(percent, 80) / 100))}rem`
}

function currentSort(sort: string): { field: string; descending: boolean } {
  if (!sort) return { field: NAME_SORT, descending: false }
  return sort.startsWith('-') ? { field: sort.slice(1), descending: true } : { field: sort, descending: false }
}

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

function SortIcon({ direction }: { direction: 'ascending' | 'descending' | null }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="currentColor"
      className={`size-4 ${direction ? '' : 'opacity-0 group-hover:opacity-40 group-focus-visible:opacity-40'}`}
    >
      {direction === 'descending' ? (
        <path d="M10 15.5a.75.75 0 0 1-.53-.22l-4.25-4.25a.75.75 0 1 1 1.06-1.06l2.97 2.97V5.25a.75.75 0 0 1 1.5 0v7.69l2.97-2.97a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-.53.22Z" />
      ) : (
        <path d="M10 4.5a.75.75 0 0 1 .53.22l4.25 4.25a.75.75 0 1 1-1.06 1.06L10.75 7.06v7.69a.75.75 0 0 1-1.5 0V7.06L6.28 10.03a.75.75 0 0 1-1.06-1.06l4.25-4.25A.75.75 0 0 1 10 4.5Z" />
      )}
    </svg>
  )
}

type SortableHeaderProps = { label: string; field: string; sort: string; onSort: (sort: string) => void }

function SortableHeader({ label, field, sort, onSort }: SortableHeaderProps) {
  const current = currentSort(sort)
  const active = current.field === field
  // Ascending first, then descending, then ascending again.
  const next = active && !current.descending ? `-${field}` : field
  return (
    <button
      type="button"
      onClick={() => onSort(next)}
      className="group -mx-1 inline-flex items-center gap-1 rounded px-1 font-medium hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-600 dark:hover:text-slate-100"
    >
      {label}
      <SortIcon direction={active ? (current.descending ? 'descending' : 'ascending') : null} />
    </button>
  )
}

const ariaSort = (field: string, sort: string) => {
  const current = currentSort(sort)
  if (current.field !== field) return undefined
  return current.descending ? ('descending' as const) : ('ascending' as const)
}

const checkboxClassName = 'size-4 rounded border-slate-300 accent-teal-700 dark:border-slate-600'

function SelectAll({
  label,
  state,
  onChange,
}: {
  label: string
  state: 'all' | 'some' | 'none'
  onChange: () => void
}) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={state === 'all'}
      ref={(element) => {
        if (element) element.indeterminate = state === 'some'
      }}
      onChange={onChange}
      className={checkboxClassName}
    />
  )
}

type PagerProps = {
  params: ResourceListParams
  total: number
  shown: number
  onParamsChange: ResourceListProps['onParamsChange']
}

function Pager({ params, total, shown, onParamsChange }: PagerProps) {
  const from = (params.page - 1) * params.items + 1
  const to = from + shown - 1
  const lastPage = Math.max(1, Math.ceil(total / params.items))
  const sizes = (LIST_PAGE_SIZES as readonly number[]).includes(params.items)
    ? LIST_PAGE_SIZES
    : [...LIST_PAGE_SIZES, params.items].sort((a, b) => a - b)
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-slate-600 dark:text-slate-400">
        {shown > 0
          ? `Showing ${formatNumber(from)}–${formatNumber(to)} of ${formatNumber(total)}`
          : `${formatNumber(total)} in all`}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2">
          Rows per page
          <select
            value={params.items}
            onChange={(event) => onParamsChange({ items: Number(event.target.value), page: 1 })}
            className="rounded-md border border-slate-300 bg-white px-2 py-1 dark:border-slate-700 dark:bg-slate-950"
          >
            {sizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <Button
          variant="secondary"
          size="sm"
          disabled={params.page <= 1}
          onClick={() => onParamsChange({ page: Math.min(params.page - 1, lastPage) })}
        >
          Previous
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={params.page >= lastPage}
          onClick={() => onParamsChange({ page: params.page + 1 })}
        >
          Next
        </Button>
      </div>
    </nav>
  )
}

const NO_NAMES: ReadonlySet<string> = new Set()

/**
 * A resource type's list page: one server page at a time, filtered by name, sorted by a column, with
 * single and bulk delete. The URL's params come in; every change goes out through onParamsChange.
 */
export function ResourceList({
  ui,
  rows,
  total,
  params,
  status,
  errorMessage,
  refreshing = false,
  can,
  onParamsChange,
  onRetry,
  onDelete,
  renderDetailLink,
  renderAddLink,
  renderEditLink,
  renderReference,
  actions,
  filterControls,
  filtered = false,
  renderCustomCell,
  selectionActions,
}: ResourceListProps) {
  const plural = titleInSentence(ui)

  // The selection belongs to the rows on screen: another page, filter, sort or size starts empty.
  const view = `${params.page}|${params.items}|${params.q}|${params.sort}`
  const [selection, setSelection] = useState<{ view: string; names: ReadonlySet<string> }>({ view, names: NO_NAMES })
  if (selection.view !== view) setSelection({ view, names: NO_NAMES })
  const selected = selection.view === view ? selection.names : NO_NAMES
  // Only rows still on the page count (a deleted one leaves the selection with its row).
  const selectedRows = rows.filter((row) => selected.has(row.name))
  const setSelected = (names: ReadonlySet<string>) => setSelection({ view, names })
  const toggle = (name: string) => {
    const names = new Set(selected)
    if (names.has(name)) names.delete(name)
    else names.add(name)
    setSelected(names)
  }
  const allState = selectedRows.length === 0 ? 'none' : selectedRows.length === rows.length ? 'all' : 'some'

  const q = params.q.trim()
  const sortBy = (sort: string) => onParamsChange({ sort, page: 1 })
  const itemsOf = (records: readonly StoredRecord[]) =>
    records.map((record) => ({ name: record.name, revision: record.revision }))
  const addLink = can.create ? renderAddLink(`Add ${ui.one}`) : null

  // Attention depends on the time (a certificate expiring in 12 days): read once per render.
  const now = Date.now()
  const columns: DataColumn<StoredRecord>[] = [
    ...(can.delete || selectionActions
      ? [
          {
            id: 'select',
            width: '3rem',
            sticky: 'start' as const,
            header: (
              <SelectAll
                label={`Select all ${plural} on this page`}
                state={allState}
                onChange={() => setSelected(allState === 'all' ? NO_NAMES : new Set(rows.map((row) => row.name)))}
              />
            ),
            cell: (row: StoredRecord) => (
              <input
                type="checkbox"
                aria-label={`Select ${row.name}`}
                checked={selected.has(row.name)}
                onChange={() => toggle(row.name)}
                className={checkboxClassName}
              />
            ),
          },
        ]
      : []),
    {
      id: 'name',
      width: '22%',
      rowHeader: true,
      sticky: 'start',
      sort: ariaSort(NAME_SORT, params.sort),
      header: <SortableHeader label="Name" field={NAME_SORT} sort={params.sort} onSort={sortBy} />,
      cell: (row) => (
        <span className="flex min-w-0 flex-col">
          <span className="truncate">{renderDetailLink(row.name, row.name)}</span>
          {row.display_name && (
            <span className="truncate text-xs font-normal text-slate-500 dark:text-slate-400">{row.display_name}</span>
          )}
        </span>
      ),
    },
    ...(ui.attention
      ? [
          {
            id: 'attention',
            width: '10rem',
            header: 'Attention',
            // Nothing needs attention on this page: the column is left out.
            isEmpty: (row: StoredRecord) => !ui.attention?.(row, now),
            cell: (row: StoredRecord) => {
              const attention = ui.attention?.(row, now)
              return attention ? <AttentionBadge attention={attention} /> : null
            },
          } satisfies DataColumn<StoredRecord>,
        ]
      : []),
    ...ui.columns.map(
      (column): DataColumn<StoredRecord> => ({
        id: `column-${column.path}`,
        width: column.width,
        isEmpty: (row) => emptyCell(column, row),
        sort: column.sortable ? ariaSort(column.path, params.sort) : undefined,
        header: column.sortable ? (
          <SortableHeader label={column.label} field={column.path} sort={params.sort} onSort={sortBy} />
        ) : (
          column.label
        ),
        cell: (row) => renderCustomCell?.(column, row) ?? renderCell(column, row, renderReference),
      }),
    ),
    {
      id: 'updated',
      width: TIME_COLUMN_WIDTH,
      sort: ariaSort(UPDATED_SORT, params.sort),
      header: <SortableHeader label="Updated" field={UPDATED_SORT} sort={params.sort} onSort={sortBy} />,
      cell: (row) => <span className="tabular-nums">{formatDateTime(row.updated_at)}</span>,
    },
  ]
  const editable = can.update && ui.editable !== false && renderEditLink !== undefined
  if (can.delete || editable) {
    columns.push({
      id: 'actions',
      width: can.delete && editable ? '8rem' : '5rem',
      // Always in view: a wide table scrolls its middle columns under it.
      sticky: 'end',
      header: <span className="sr-only">Actions</span>,
      cell: (row) => (
        <span className="flex items-center justify-end gap-1">
          {editable &&
            ui.editableRecord?.(row) !== false &&
            renderEditLink(
              row.name,
              <>
                Edit<span className="sr-only"> {`${ui.one} ${row.name}`}</span>
              </>,
            )}
          {can.delete && (
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Delete ${ui.one} ${row.name}`}
              onClick={() => onDelete(itemsOf([row]))}
            >
              Delete
            </Button>
          )}
        </span>
      ),
    })
  }

  // The table gone with the focused control in it (its last row deleted): focus goes to the message in its
  // place, read out, and Tab goes on from there, rather than to the page's start.
  const tableFocused = useRef(false)
  const emptyMessage = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (!emptyMessage.current) return
    if (tableFocused.current && document.activeElement === document.body) emptyMessage.current.focus()
    tableFocused.current = false
  })

  let body: ReactNode
  if (status === 'loading') {
    body = (
      <div role="status" className="flex items-center gap-3 py-10 text-slate-600 dark:text-slate-400">
        <Spinner size="lg" />
        Loading {plural}…
      </div>
    )
  } else if (status === 'error') {
    body = (
      <div
        role="alert"
        className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
      >
        <p>{errorMessage ?? `The ${plural} could not be loaded.`}</p>
        <Button variant="secondary" size="sm" onClick={() => onRetry()}>
          Try again
        </Button>
      </div>
    )
  } else if (rows.length === 0 && total === 0) {
    body = (
      <div className="flex flex-col items-start gap-3 rounded-md border border-dashed border-slate-300 px-4 py-8 dark:border-slate-700">
        <p ref={emptyMessage} tabIndex={-1} className="text-slate-600 outline-none dark:text-slate-400">
          {q ? `No ${plural} match "${q}".` : filtered ? `No ${plural} match these filters.` : `No ${plural} yet.`}
        </p>
        {!q && !filtered && addLink}
      </div>
    )
  } else if (rows.length === 0) {
    // A page past the end: the last rows of the last page were deleted, or an old link.
    const lastPage = Math.max(1, Math.ceil(total / params.items))
    body = (
      <div className="flex flex-col items-start gap-3 py-6">
        <p ref={emptyMessage} tabIndex={-1} className="text-slate-600 outline-none dark:text-slate-400">
          Page {params.page} is past the end of the list.
        </p>
        <Button variant="secondary" size="sm" onClick={() => onParamsChange({ page: lastPage })}>
          Go to the last page
        </Button>
        <Pager params={params} total={total} shown={0} onParamsChange={onParamsChange} />
      </div>
    )
  } else {
    body = (
      // biome-ignore lint/a11y/noStaticElementInteractions: it only notes that focus went into the table, for the empty list
      <div className="space-y-3" onFocus={() => (tableFocused.current = true)}>
        <DataTable
          label={ui.title}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.name}
          maxHeight={TABLE_MAX_HEIGHT}
          rowHeight={ROW_HEIGHT}
          rowOffset={(params.page - 1) * params.items}
          rowCount={total}
          busy={refreshing}
          minWidth={tableMinWidth(visibleColumns(columns, rows).map((column) => column.width))}
          rowClassName={(row) =>
            selected.has(row.name)
              ? 'bg-teal-50 dark:bg-teal-950/40'
              : ATTENTION_ROWS[ui.attention?.(row, now)?.tone ?? 'none']
          }
        />
        <Pager params={params} total={total} shown={rows.length} onParamsChange={onParamsChange} />
      </div>
    )
  }

  return (
    <div className="space-y-4">
      {/* What the filter found and what is selected, said by a live region that is always there: rows change silently. */}
      <p aria-live="polite" className="sr-only">
        {status === 'ready' && q && `${formatNumber(total)} ${total === 1 ? ui.one : plural} match "${q}". `}
        {selectedRows.length > 0 && `${formatNumber(selectedRows.length)} selected.`}
      </p>
      <PageHeading
        title={ui.title}
        actions={
          actions || addLink ? (
            <>
              {actions}
              {addLink}
            </>
          ) : null
        }
      />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex items-end gap-3">
          <NameFilter q={params.q} onCommit={(q) => onParamsChange({ q, page: 1 })} />
          {filterControls}
          {refreshing && status === 'ready' && (
            <span className="pb-2 text-slate-500 dark:text-slate-400">
              <Spinner label={`Updating ${plural}…`} size="sm" />
            </span>
          )}
        </div>
        {selectedRows.length > 0 && (
          <div className="flex items-center gap-3 rounded-md bg-slate-100 px-3 py-1.5 dark:bg-slate-800">
            <p className="text-sm font-medium">{formatNumber(selectedRows.length)} selected</p>
            {selectionActions?.(selectedRows, () => setSelected(NO_NAMES))}
            {can.delete && (
              <Button variant="danger" size="sm" onClick={() => onDelete(itemsOf(selectedRows))}>
                Delete selected
              </Button>
            )}
            <Button variant="ghost" size="sm" onClick={() => setSelected(NO_NAMES)}>
              Clear selection
            </Button>
          </div>
        )}
      </div>
      {body}
    </div>
  )
}
