import type { ReactNode } from 'react'

export type Column<Row> = {
  id: string
  header: ReactNode
  cell: (row: Row) => ReactNode
  /** A CSS width for the column (`25%`, `8rem`); virtual tables need one per column to keep them steady. */
  width?: string
  /** This column names the row: its cells are row headers. */
  rowHeader?: boolean
  className?: string
  /**
   * Kept in view while a wide table scrolls sideways: `start` for the columns that name the row (and the
   * selection before them), `end` for the row's actions. Needs a width in rem (or none, for `end`).
   */
  sticky?: 'start' | 'end'
  /**
   * Whether this row's cell is empty: a column empty in every row is not shown (an "Attention" column
   * where nothing needs attention). Without it, a cell that renders nothing (null, '', '—') counts as empty.
   */
  isEmpty?: (row: Row) => boolean
}

/** What a cell shows for no value. */
const BLANK_TEXT = new Set(['', '—'])

function blank(node: ReactNode): boolean {
  return node === null || node === undefined || node === false || (typeof node === 'string' && BLANK_TEXT.has(node))
}

/**
 * The columns worth a place: those with something in at least one row (every column while there are no
 * rows, so an empty table keeps its headers).
 */
export function visibleColumns<Row>(columns: readonly Column<Row>[], rows: readonly Row[]): Column<Row>[] {
  if (rows.length === 0) return [...columns]
  return columns.filter((column) =>
    rows.some((row) => !(column.isEmpty ? column.isEmpty(row) : blank(column.cell(row)))),
  )
}

/**
 * Where each sticky column sits: a `start` column after the widths of the `start` columns before it, an
 * `end` column at the right edge. A sticky cell is painted with its row's background (`bg-inherit`), so
 * the cells it covers while the table scrolls do not show through.
 */
export function stickyStyles<Row>(columns: readonly Column<Row>[]): Map<string, { className: string; left?: string }> {
  const styles = new Map<string, { className: string; left?: string }>()
  const before: string[] = []
  for (const column of columns) {
    if (column.sticky === 'start') {
      styles.set(column.id, {
        className:
          'sticky z-[5] bg-inherit shadow-[inset_-1px_0_0_var(--color-slate-200)] dark:shadow-[inset_-1px_0_0_var(--color-slate-800)]',
        left: before.length === 0 ? '0' : `calc(${before.join(' + ')})`,
      })
      before.push(column.width ?? '0px')
    } else if (column.sticky === 'end') {
      styles.set(column.id, {
        className:
          'sticky right-0 z-[5] bg-inherit shadow-[inset_1px_0_0_var(--color-slate-200)] dark:shadow-[inset_1px_0_0_var(--color-slate-800)]',
      })
    }
  }
  return styles
}

/** A table's rows are painted (white, or their own tint), so sticky cells can take their background. */
export const ROW_BACKGROUND = 'bg-white dark:bg-slate-950'

type TableProps<Row> = {
  columns: readonly Column<Row>[]
  rows: readonly Row[]
  rowKey: (row: Row) => string
  /** Names the table for assistive technology; shown only to screen readers. */
  caption?: string
  /** Shown in place of the rows when there are none. */
  empty?: ReactNode
  className?: string
}

export const tableClassName = 'w-full border-collapse text-left text-sm'
export const headerCellClassName =
  'bg-slate-100 px-3 py-2 font-medium text-slate-600 dark:bg-slate-800 dark:text-slate-300'
export const cellClassName = 'px-3 py-2'

/** One row's cells; a `rowHeader` column's cells are row headers. `cellExtra` adds classes to each cell. */
export function RowCells<Row>({
  columns,
  row,
  cellExtra = '',
  sticky,
}: {
  columns: readonly Column<Row>[]
  row: Row
  cellExtra?: string
  /** From `stickyStyles(columns)`. */
  sticky?: ReturnType<typeof stickyStyles<Row>>
}) {
  return columns.map((column) => {
    const pinned = sticky?.get(column.id)
    const className = `${cellClassName} ${cellExtra} ${pinned?.className ?? ''} ${column.className ?? ''}`
    const style = pinned?.left === undefined ? undefined : { left: pinned.left }
    return column.rowHeader ? (
      <th key={column.id} scope="row" style={style} className={`${className} font-medium`}>
        {column.cell(row)}
      </th>
    ) : (
      <td key={column.id} style={style} className={className}>
        {column.cell(row)}
      </td>
    )
  })
}

/** The header cells of these columns, sticky ones kept in view with their cells. */
export function HeaderCells<Row>({
  columns,
  sticky,
  sort,
}: {
  columns: readonly Column<Row>[]
  sticky: ReturnType<typeof stickyStyles<Row>>
  /** The header's aria-sort, per column. */
  sort?: (column: Column<Row>) => 'ascending' | 'descending' | undefined
}) {
  return columns.map((column) => {
    const pinned = sticky.get(column.id)
    return (
      <th
        key={column.id}
        scope="col"
        aria-sort={sort?.(column)}
        style={{ width: column.width, ...(pinned?.left === undefined ? {} : { left: pinned.left }) }}
        className={`${headerCellClassName} ${pinned ? pinned.className.replace('bg-inherit', '') : ''}`}
      >
        {column.header}
      </th>
    )
  })
}

/** The space of the rows a virtual table does not render, above or below the rendered ones. */
export function SpacerRow({ height, span }: { height: number; span: number }) {
  if (height <= 0) return null
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row, never focusable (ARIA's row role counts as a widget)
    <tr aria-hidden="true" style={{ height }}>
      <td colSpan={span} className="p-0" />
    </tr>
  )
}

/**
 * A small table, every row rendered. A wide one scrolls sideways inside its box with its sticky columns
 * in view; a column empty in every row is left out.
 */
export function Table<Row>({ columns: all, rows, rowKey, caption, empty, className = '' }: TableProps<Row>) {
  const columns = visibleColumns(all, rows)
  const sticky = stickyStyles(columns)
  return (
    <div className={`overflow-x-auto rounded-md border border-slate-200 dark:border-slate-800 ${className}`}>
      <table className={tableClassName}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead>
          <tr>
            <HeaderCells columns={columns} sticky={sticky} />
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {rows.length === 0 && empty ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-6 text-center text-slate-500 dark:text-slate-400">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className={sticky.size > 0 ? ROW_BACKGROUND : undefined}>
                <RowCells columns={columns} row={row} sticky={sticky} />
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  )
}
