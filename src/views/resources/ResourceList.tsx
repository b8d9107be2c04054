import { type ReactNode, useEffect, useRef, useState } from 'react'
import type { StoredRecord } from '../../api/resources.ts'
import type { ResourceListParams } from '../../domain/list-params.ts'
import { formatNumber } from '../../domain/numbers.ts'
import { type ResourceUi, titleInSentence } from '../../domain/resource-ui.ts'
import { Button } from '../../ui/Button.tsx'
import { DataTable } from '../../ui/DataTable.tsx'
import { Spinner } from '../../ui/Spinner.tsx'
import { visibleColumns } from '../../ui/table-parts.tsx'
import { PageHeading } from '../PageHeading.tsx'
import { ATTENTION_ROWS } from './format.tsx'
import { type ListRenderers, listColumns, Pager, ROW_HEIGHT, TABLE_MAX_HEIGHT, tableMinWidth } from './ListTable.tsx'
import { ListToolbar } from './ListToolbar.tsx'
import { SelectionBar } from './SelectionBar.tsx'

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
  renderAddLink: (content: ReactNode) => ReactNode
  /** More buttons beside Add in the heading (users: Invite a user). */
  actions?: ReactNode
  /** Dropdown filters beside the name filter (`ui.listFilters`), rendered by the route. */
  filterControls?: ReactNode
  /** Whether the rows are narrowed by more than the name filter: the empty list says so. */
  filtered?: boolean
  /** More buttons for the selected rows beside Delete selected (nodes: maintenance on or off); rows become selectable. */
  selectionActions?: (rows: readonly StoredRecord[], clear: () => void) => ReactNode
} & ListRenderers

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
  const columns = listColumns({
    ui,
    sort: params.sort,
    onSort: sortBy,
    selection:
      can.delete || selectionActions
        ? {
            selected,
            all: allState,
            toggle,
            toggleAll: () => setSelected(allState === 'all' ? NO_NAMES : new Set(rows.map((row) => row.name))),
          }
        : null,
    can,
    onDelete: (row) => onDelete(itemsOf([row])),
    now,
    renderDetailLink,
    renderEditLink,
    renderReference,
    renderCustomCell,
  })

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
      <ListToolbar
        q={params.q}
        onFilter={(q) => onParamsChange({ q, page: 1 })}
        filterControls={filterControls}
        updating={refreshing && status === 'ready' ? `Updating ${plural}…` : null}
        selectionBar={
          <SelectionBar
            count={selectedRows.length}
            actions={selectionActions?.(selectedRows, () => setSelected(NO_NAMES))}
            onDelete={can.delete ? () => onDelete(itemsOf(selectedRows)) : undefined}
            onClear={() => setSelected(NO_NAMES)}
          />
        }
      />
      {body}
    </div>
  )
}
