import { useEffect, useRef } from 'react'
import {
  type Column,
  HeaderCells,
  ROW_BACKGROUND,
  RowCells,
  SpacerRow,
  stickyStyles,
  tableClassName,
  visibleColumns,
} from './table-parts.tsx'
import { useTableRows } from './useTableRows.ts'

const FOCUSABLE = 'a[href], button:not(:disabled), input:not(:disabled)'

export type DataColumn<Row> = Column<Row> & {
  /** The header cell's aria-sort: set it on the one column the rows are sorted by. */
  sort?: 'ascending' | 'descending'
}

type DataTableProps<Row> = {
  /** The table's accessible name. */
  label: string
  columns: readonly DataColumn<Row>[]
  rows: readonly Row[]
  rowKey: (row: Row) => string
  /** The scroll area's largest height in pixels, header included; it shrinks to fit fewer rows. */
  maxHeight: number
  rowHeight?: number
  /** Rows of the data set before these (earlier pages): aria-rowindex counts on from them. */
  rowOffset?: number
  /** Rows of the whole data set (every page), for aria-rowcount; defaults to these rows. */
  rowCount?: number
  /** New rows are on their way: the table says so to assistive technology and dims a little. */
  busy?: boolean
  /** Extra classes for a row (a selected one is highlighted). */
  rowClassName?: (row: Row) => string
  /** The table's least width (CSS): past it the table scrolls sideways instead of squeezing columns out. */
  minWidth?: string
}

/**
 * A table of interactive rows (links, checkboxes, buttons in the cells, controls in the headers) that
 * renders only the rows in view, so a page of 1000 stays smooth. Unlike VirtualTable the rows are not
 * a roving tab stop: the controls inside them keep the natural tab order, and focusing one scrolls it
 * into view, which renders the next rows. Native table semantics stay: aria-rowcount and aria-rowindex
 * place the rendered rows in the whole set, spacer rows keep the scroll height, the header sticks.
 * A table wider than its box scrolls sideways inside it, its sticky columns (the name, the actions) in
 * view; a column empty in every row is left out. A row that goes while one of its controls has focus (a
 * deleted record's, once the list is read again) hands focus to the same cell of the row now in its place
 * (or of the last row), instead of dropping it on the page's start.
 */
export function DataTable<Row>({
  label,
  columns: all,
  rows,
  rowKey,
  maxHeight,
  rowHeight = 48,
  rowOffset = 0,
  rowCount,
  busy = false,
  rowClassName,
  minWidth,
}: DataTableProps<Row>) {
  const scrollRef = useRef<HTMLDivElement>(null)
  // The last control focused among the rows: its row's index in `rows`, its place among the row's controls.
  const focused = useRef<{ control: Element; row: number; nth: number } | null>(null)
  // After each render: only focus that went with its row, nothing taken from where the user has put it since.
  useEffect(() => {
    const last = focused.current
    const rendered = scrollRef.current?.querySelectorAll<HTMLElement>('tbody tr[data-index]') ?? []
    if (!last || last.control.isConnected || !rendered.length || document.activeElement !== document.body) return
    const row = [...rendered].find((tr) => Number(tr.dataset.index) >= last.row) ?? rendered[rendered.length - 1]
    const controls = row?.querySelectorAll<HTMLElement>(FOCUSABLE)
    ;(controls?.[last.nth] ?? controls?.[0])?.focus()
  })
  const columns = visibleColumns(all, rows) as DataColumn<Row>[]
  const sticky = stickyStyles(columns)
  // The header row plus the rows, plus the border; never taller than asked.
  const height = Math.min(maxHeight, (rows.length + 1) * rowHeight + 2)

  const { items, before, after } = useTableRows({
    rows,
    rowKey,
    rowHeight,
    height,
    overscan: 8,
    scrollRef,
  })

  return (
    <div
      ref={scrollRef}
      style={{ height }}
      className={`overflow-auto rounded-md border border-slate-200 transition-opacity dark:border-slate-800 ${busy ? 'opacity-70' : ''}`}
    >
      <table
        onFocus={(event) => {
          const row = event.target.closest('tbody tr')
          focused.current = row && {
            control: event.target,
            row: Number(row.getAttribute('data-index')),
            nth: [...row.querySelectorAll(FOCUSABLE)].indexOf(event.target),
          }
        }}
        aria-label={label}
        aria-rowcount={(rowCount ?? rows.length) + 1}
        aria-busy={busy || undefined}
        className={`${tableClassName} min-w-2xl table-fixed`}
        style={minWidth ? { minWidth } : undefined}
      >
        <colgroup>
          {columns.map((column) => (
            <col key={column.id} style={{ width: column.width }} />
          ))}
        </colgroup>
        <thead className="sticky top-0 z-10">
          <tr aria-rowindex={1} style={{ height: rowHeight }}>
            <HeaderCells columns={columns} sticky={sticky} />
          </tr>
        </thead>
        <tbody>
          <SpacerRow height={before} span={columns.length} />
          {items.map((item) => {
            const row = rows[item.index]
            if (row === undefined) return null
            return (
              <tr
                key={item.key}
                data-index={item.index}
                aria-rowindex={rowOffset + item.index + 2}
                style={{ height: rowHeight }}
                className={`border-t border-slate-200 dark:border-slate-800 ${rowClassName?.(row) || ROW_BACKGROUND}`}
              >
                <RowCells columns={columns} row={row} cellExtra="truncate" sticky={sticky} />
              </tr>
            )
          })}
          <SpacerRow height={after} span={columns.length} />
        </tbody>
      </table>
    </div>
  )
}
