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
}

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
}: {
  columns: readonly Column<Row>[]
  row: Row
  cellExtra?: string
}) {
  return columns.map((column) =>
    column.rowHeader ? (
      <th key={column.id} scope="row" className={`${cellClassName} ${cellExtra} font-medium ${column.className ?? ''}`}>
        {column.cell(row)}
      </th>
    ) : (
      <td key={column.id} className={`${cellClassName} ${cellExtra} ${column.className ?? ''}`}>
        {column.cell(row)}
      </td>
    ),
  )
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

export function Table<Row>({ columns, rows, rowKey, caption, empty, className = '' }: TableProps<Row>) {
  return (
    <div className={`overflow-x-auto rounded-md border border-slate-200 dark:border-slate-800 ${className}`}>
      <table className={tableClassName}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col" style={{ width: column.width }} className={headerCellClassName}>
                {column.header}
              </th>
            ))}
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
              <tr key={rowKey(row)}>
                <RowCells columns={columns} row={row} />
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  )
}
