import { elementScroll, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual'
import type { RefObject } from 'react'

/** The scroll areas the virtualizer has already been given (see `scrollUnlessNew`). */
const seen = new WeakSet<Element>()

/**
 * Scrolls as the virtualizer asks, except the first time it meets a new area and asks for the top: it
 * scrolls a new area to where it already is when it mounts, in React's commit, and a scroll forces the
 * browser to lay the whole page out there and then (88-555 ms of the list pages' load in the Lighthouse
 * traces, desktop CPU; docs/benchmarks.md, issue 27).
 */
function scrollUnlessNew(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<HTMLDivElement, Element>,
) {
  const element = instance.scrollElement
  if (element && !seen.has(element)) {
    seen.add(element)
    if (offset + (options.adjustments ?? 0) === 0) return
  }
  elementScroll(offset, options, instance)
}

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
    scrollToFn: scrollUnlessNew,
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
