import { useVirtualizer } from '@tanstack/react-virtual'
import type { RefObject } from 'react'

/**
 * The rows of a virtual table to render now, and the space of the others above and below them. The
 * sticky header sits above the first row inside the scroll area; the area's height is the caller's, so
 * nothing is measured (no layout read per resize).
 */
export function useTableRows<Row>(options: {
  rows: readonly Row[]
  rowKey: (row: Row) => string
  rowHeight: number
  height: number
  overscan: number
  scrollRef: RefObject<HTMLDivElement | null>
}) {
  const { rows, rowKey, rowHeight, height, overscan, scrollRef } = options
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    getItemKey: (index) => {
      const row = rows[index]
      return row === undefined ? index : rowKey(row)
    },
    paddingStart: rowHeight,
    scrollPaddingStart: rowHeight,
    overscan,
    initialRect: { width: 0, height },
    observeElementRect: (_instance, report) => {
      report({ width: 0, height })
    },
    useFlushSync: false,
  })
  const items = virtualizer.getVirtualItems()
  const first = items[0]
  const last = items[items.length - 1]
  return {
    virtualizer,
    items,
    before: first ? first.start - rowHeight : 0,
    after: last ? virtualizer.getTotalSize() - last.end : 0,
  }
}
