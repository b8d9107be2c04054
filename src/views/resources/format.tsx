import type { ReactNode } from 'react'
import { type ColumnSpec, getPath, type Option } from '../../domain/resource-ui.ts'

/** How a reference is rendered: the page passes a router link to the referenced resource's detail. */
export type RenderReference = (type: string, name: string) => ReactNode

const EMPTY = '—'

export function labelOf(options: readonly Option[] | undefined, value: unknown): string {
  return options?.find((option) => option.value === String(value))?.label ?? String(value)
}

/** A date and time as operators read them: en-GB, day-month-year with dashes (spec section 9). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const parts = new Intl.DateTimeFormat('en-GB', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).formatToParts(date)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('day')}-${part('month')}-${part('year')} ${part('hour')}:${part('minute')}:${part('second')}`
}

/** Any value as text, for the detail page's fallback and the list's plain cells. Never HTML. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (Array.isArray(value)) return value.length === 0 ? EMPTY : value.map(formatValue).join(', ')
  if (typeof value === 'object') return JSON.stringify(value)
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
