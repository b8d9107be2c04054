import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react'
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

type VirtualTableProps<Row> = {
  /** The table's accessible name. */
  label: string
  columns: readonly Column<Row>[]
  rows: readonly Row[]
  rowKey: (row: Row) => string
  /** Height of the scroll area in pixels, header included. */
  height: number
  rowHeight?: number
  /** Click, Enter or Space on a row. */
  onSelect?: (row: Row) => void
  /** Marks a row (e.g. the current project) with aria-current. */
  isCurrent?: (row: Row) => boolean
  /** Shown in place of the rows when there are none. */
  empty?: ReactNode
  className?: string
}

const PAGE = 10

/**
 * A table that renders only the rows in view (and a few around them) so 10,000 rows stay instant.
 * It keeps native table semantics: aria-rowcount and aria-rowindex tell assistive technology where
 * the rendered rows sit; spacer rows above and below keep the scroll height right.
 * Rows are one tab stop (roving tabindex): arrow keys, Home, End, Page Up/Down move, Enter selects.
 * Sticky columns stay in view as a wide table scrolls sideways; a column empty in every row is left out.
 */
export function VirtualTable<Row>({
  label,
  columns: all,
  rows,
  rowKey,
  height,
  rowHeight = 40,
  onSelect,
  isCurrent,
  empty,
  className = '',
}: VirtualTableProps<Row>) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const columns = visibleColumns(all, rows)
  const sticky = stickyStyles(columns)
  const [activeIndex, setActiveIndex] = useState(0)
  const pendingFocus = useRef<number | null>(null)
  const active = Math.max(0, Math.min(activeIndex, rows.length - 1))

  const { virtualizer, items, before, after } = useTableRows({
    rows,
    rowKey,
    rowHeight,
    height,
    overscan: 6,
    scrollRef,
  })

  // Focus follows the keyboard once the target row has been rendered (it may need a scroll first).
  useEffect(() => {
    const index = pendingFocus.current
    if (index === null) return
    const element = scrollRef.current?.querySelector<HTMLElement>(`tr[data-index="${index}"]`)
    if (element) {
      pendingFocus.current = null
      element.focus({ preventScroll: true })
    }
  })

  function moveTo(index: number) {
    const target = Math.max(0, Math.min(index, rows.length - 1))
    setActiveIndex(target)
    pendingFocus.current = target
    virtualizer.scrollToIndex(target, { align: 'auto' })
  }

  function onKeyDown(event: KeyboardEvent<HTMLTableRowElement>, index: number) {
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      PageDown: index + PAGE,
      PageUp: index - PAGE,
      Home: 0,
      End: rows.length - 1,
    }
    const target = moves[event.key]
    if (target !== undefined) {
      event.preventDefault()
      moveTo(target)
    } else if ((event.key === 'Enter' || event.key === ' ') && onSelect) {
      event.preventDefault()
      // The active row, not the focused one: after End or Page Down the target may still be scrolling in.
      const row = rows[active]
      if (row !== undefined) onSelect(row)
    }
  }

  return (
    <div
      ref={scrollRef}
      style={{ height }}
      className={`overflow-auto rounded-md border border-slate-200 dark:border-slate-800 ${className}`}
    >
      <table aria-label={label} aria-rowcount={rows.length + 1} className={`${tableClassName} table-fixed`}>
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
          {rows.length === 0 && empty ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-6 text-center text-slate-500 dark:text-slate-400">
                {empty}
              </td>
            </tr>
          ) : null}
          <SpacerRow height={before} span={columns.length} />
          {items.map((item) => {
            const row = rows[item.index]
            if (row === undefined) return null
            const current = isCurrent?.(row) ?? false
            return (
              <tr
                key={item.key}
                data-index={item.index}
                aria-rowindex={item.index + 2}
                aria-current={current || undefined}
                tabIndex={item.index === active ? 0 : -1}
                onClick={onSelect ? () => onSelect(row) : undefined}
                onKeyDown={(event) => onKeyDown(event, item.index)}
                onFocus={() => setActiveIndex(item.index)}
                style={{ height: rowHeight }}
                className={`border-t border-slate-200 outline-none ${sticky.size > 0 ? ROW_BACKGROUND : ''} focus-visible:bg-teal-50 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-inset dark:border-slate-800 dark:focus-visible:bg-slate-800 ${onSelect ? 'cursor-pointer hover:bg-slate-50 dark:hover:bg-slate-800/60' : ''} ${current ? 'font-semibold' : ''}`}
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
