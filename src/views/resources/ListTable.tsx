import type { ReactNode } from 'react'
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
import type { DataColumn } from '../../ui/DataTable.tsx'
import { AttentionBadge, type RenderReference, renderCell } from './format.tsx'

/** The table's scroll area; a page of 1000 rows scrolls inside it. */
export const TABLE_MAX_HEIGHT = 640
export const ROW_HEIGHT = 52
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
  onParamsChange: (next: Partial<ResourceListParams>) => void
}

/** Below the table: where these rows are in the list, the page size, Previous and Next. */
export function Pager({ params, total, shown, onParamsChange }: PagerProps) {
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

/** What a list's pages draw of their rows beyond the cells the type describes. */
export type ListRenderers = {
  renderDetailLink: (name: string, content: ReactNode) => ReactNode
  /** An Edit link in each row's actions, when the user may update. */
  renderEditLink?: (name: string, content: ReactNode) => ReactNode
  renderReference: RenderReference
  /** The cells of `custom` columns (a node's flag), drawn by the page; undefined for the others. */
  renderCustomCell?: (column: ColumnSpec, record: StoredRecord) => ReactNode
}

/** The rows' checkboxes: which are ticked, and how the header's box stands. */
export type RowSelection = {
  selected: ReadonlySet<string>
  all: 'all' | 'some' | 'none'
  toggle: (name: string) => void
  toggleAll: () => void
}

type ListColumnsOptions = ListRenderers & {
  ui: ResourceUi
  /** The list's sort in the URL; a sortable header asks for another. */
  sort: string
  onSort: (sort: string) => void
  /** Null when the rows cannot be selected. */
  selection: RowSelection | null
  can: { update: boolean; delete: boolean }
  onDelete: (row: StoredRecord) => void
  /** When attention is judged (a certificate expiring in 12 days): once per render. */
  now: number
}

/** A list's columns: the checkbox, the name, attention, the type's own, Updated, and the row's actions. */
export function listColumns({
  ui,
  sort,
  onSort,
  selection,
  can,
  onDelete,
  now,
  renderDetailLink,
  renderEditLink,
  renderReference,
  renderCustomCell,
}: ListColumnsOptions): DataColumn<StoredRecord>[] {
  const plural = titleInSentence(ui)
  const columns: DataColumn<StoredRecord>[] = [
    ...(selection
      ? [
          {
            id: 'select',
            width: '3rem',
            sticky: 'start' as const,
            header: (
              <SelectAll
                label={`Select all ${plural} on this page`}
                state={selection.all}
                onChange={selection.toggleAll}
              />
            ),
            cell: (row: StoredRecord) => (
              <input
                type="checkbox"
                aria-label={`Select ${row.name}`}
                checked={selection.selected.has(row.name)}
                onChange={() => selection.toggle(row.name)}
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
      sort: ariaSort(NAME_SORT, sort),
      header: <SortableHeader label="Name" field={NAME_SORT} sort={sort} onSort={onSort} />,
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
        sort: column.sortable ? ariaSort(column.path, sort) : undefined,
        header: column.sortable ? (
          <SortableHeader label={column.label} field={column.path} sort={sort} onSort={onSort} />
        ) : (
          column.label
        ),
        cell: (row) => renderCustomCell?.(column, row) ?? renderCell(column, row, renderReference),
      }),
    ),
    {
      id: 'updated',
      width: TIME_COLUMN_WIDTH,
      sort: ariaSort(UPDATED_SORT, sort),
      header: <SortableHeader label="Updated" field={UPDATED_SORT} sort={sort} onSort={onSort} />,
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
            <Button variant="ghost" size="sm" aria-label={`Delete ${ui.one} ${row.name}`} onClick={() => onDelete(row)}>
              Delete
            </Button>
          )}
        </span>
      ),
    })
  }
  return columns
}
