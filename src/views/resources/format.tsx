import type { ReactNode } from 'react'
import { formatDateTime, isIsoTimestamp } from '../../domain/datetime.ts'
import { type Attention, type ColumnSpec, getPath, type Option } from '../../domain/resource-ui.ts'

/** How a reference is rendered: the page passes a router link to the referenced resource's detail. */
export type RenderReference = (type: string, name: string) => ReactNode

const EMPTY = '—'

export function labelOf(options: readonly Option[] | undefined, value: unknown): string {
  return options?.find((option) => option.value === String(value))?.label ?? String(value)
}

/** Any value as text, for the detail page's fallback and the list's plain cells. Never HTML. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (Array.isArray(value)) return value.length === 0 ? EMPTY : value.map(formatValue).join(', ')
  if (typeof value === 'object') return JSON.stringify(value)
  // A timestamp the server keeps (a certificate's not_after) reads as every other date of the console.
  if (isIsoTimestamp(value)) return formatDateTime(value)
  return String(value)
}

/** One list cell of a record, as its column's format says. */
export function renderCell(column: ColumnSpec, record: Record<string, unknown>, renderReference: RenderReference) {
  const value = getPath(record, column.path)
  switch (column.format) {
    case 'boolean':
      return value === true ? 'Yes' : value === false ? 'No' : EMPTY
    case 'count':
      return Array.isArray(value) ? String(value.length) : EMPTY
    case 'label':
      return value === null || value === undefined ? EMPTY : labelOf(column.options, value)
    case 'reference':
      if (typeof value === 'string' && value && column.reference) return renderReference(column.reference, value)
      return EMPTY
    default: {
      // Cells cut long values short: the whole value is the cell's tooltip.
      const text = formatValue(value)
      return <span title={text}>{text}</span>
    }
  }
}

const ATTENTION_BADGES: Record<Attention['tone'], string> = {
  danger: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  warning: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  info: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200',
}

/** A row that needs attention is tinted; its badge says why in words (colour is never the only sign). */
export const ATTENTION_ROWS: Record<Attention['tone'] | 'none', string> = {
  danger: 'bg-red-50 dark:bg-red-950/30',
  warning: 'bg-amber-50 dark:bg-amber-950/30',
  info: '',
  none: '',
}

export function AttentionBadge({ attention }: { attention: Attention }) {
  return (
    <span className={`inline-flex rounded px-2 py-0.5 text-xs font-medium ${ATTENTION_BADGES[attention.tone]}`}>
      {attention.text}
    </span>
  )
}
