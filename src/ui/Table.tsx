import type { ReactNode } from 'react'
import {
  type Column,
  HeaderCells,
  ROW_BACKGROUND,
  RowCells,
  stickyStyles,
  tableClassName,
  visibleColumns,
} from './table-parts.tsx'

export type { Column } from './table-parts.tsx'
// Pages that draw their own table read the parts here too (the statistics' data table).
export { cellClassName, headerCellClassName, tableClassName } from './table-parts.tsx'

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
