/**
 * The parts every table of the console is built of (issue 25: columns empty in every row left out, sticky
 * columns kept in view): shared by Table, DataTable and VirtualTable, apart from Table itself so that a
 * page of a virtual table does not carry it.
 */
import type { CSSProperties, ReactNode } from 'react'

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

/** A cell showing nothing, or the '—' of no value. */
const blank = (node: ReactNode) => node === null || node === undefined || node === false || node === '' || node === '—'

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
 * `end` column at the right edge. Its body cells take their row's background, so that what scrolls under
 * them does not show through.
 */
export function stickyStyles<Row>(columns: readonly Column<Row>[]): Map<string, CSSProperties> {
  const styles = new Map<string, CSSProperties>()
  let left = '0px'
  for (const column of columns) {
    if (column.sticky === 'start') {
      styles.set(column.id, { position: 'sticky', left, zIndex: 5 })
      left = `calc(${left} + ${column.width ?? '0px'})`
    } else if (column.sticky === 'end') styles.set(column.id, { position: 'sticky', right: 0, zIndex: 5 })
  }
  return styles
}

/** A table's rows are painted (white, or their own tint), so sticky cells can take their background. */
export const ROW_BACKGROUND = 'bg-white dark:bg-slate-950'

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
  sticky?: Map<string, CSSProperties>
}) {
  return columns.map((column) => {
    const pinned = sticky?.get(column.id)
    const Cell = column.rowHeader ? 'th' : 'td'
    return (
      <Cell
        key={column.id}
        scope={column.rowHeader ? 'row' : undefined}
        style={pinned && { ...pinned, background: 'inherit' }}
        className={`${cellClassName} ${cellExtra} ${column.rowHeader ? 'font-medium' : ''} ${column.className ?? ''}`}
      >
        {column.cell(row)}
      </Cell>
    )
  })
}

/** The header cells of these columns, sticky ones kept in view with their cells. */
export function HeaderCells<Row>({
  columns,
  sticky,
}: {
  columns: readonly (Column<Row> & { sort?: 'ascending' | 'descending' })[]
  sticky: Map<string, CSSProperties>
}) {
  return columns.map((column) => (
    <th
      key={column.id}
      scope="col"
      aria-sort={column.sort}
      style={{ width: column.width, ...sticky.get(column.id) }}
      className={headerCellClassName}
    >
      {column.header}
    </th>
  ))
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
