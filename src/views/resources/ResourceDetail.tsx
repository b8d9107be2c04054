import { lazy, type ReactNode, Suspense, useMemo } from 'react'
import type { StoredRecord } from '../../api/resources.ts'
import { formatDateTime } from '../../domain/datetime.ts'
import { linksIn, type ResourceLink, throughText } from '../../domain/resource-links.ts'
import {
  capitalize,
  type Draft,
  type FieldSpec,
  getPath,
  isShown,
  type ResourceUi,
  type SummaryLine,
  splitTagged,
} from '../../domain/resource-ui.ts'
import { protectionLine } from '../../types/protection.ts'
import { typeOneOf } from '../../types/type-words.ts'
import { Button } from '../../ui/Button.tsx'
import type { Column } from '../../ui/table-parts.tsx'
import { VirtualTable } from '../../ui/VirtualTable.tsx'
import { PageHeading } from '../PageHeading.tsx'
import { AttentionBadge, formatValue, labelOf, type RenderReference } from './format.tsx'

// CodeMirror, read-only, loaded with the first snippet shown; its text in a box of the same height meanwhile.
const CodeEditor = lazy(() => import('../../ui/CodeEditor.tsx'))
const CODE_ROWS = 6

export type ResourceDetailProps = {
  ui: ResourceUi
  record: StoredRecord
  can: { update: boolean; delete: boolean }
  renderEditLink: (content: ReactNode) => ReactNode
  renderReference: RenderReference
  onDelete: () => void
  onCopy: () => void
  /** Type-specific actions beside Edit (an IP list's "Paste addresses", a certificate's "Renew now"). */
  actions?: ReactNode
  /** Type-specific content after the summary (an IP list's entries). */
  children?: ReactNode
}

const termClassName = 'text-sm font-medium text-slate-600 dark:text-slate-400'
const valueClassName = 'text-sm break-words'

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1 py-2 sm:grid-cols-3 sm:gap-4">
      <dt className={termClassName}>{label}</dt>
      <dd className={`${valueClassName} sm:col-span-2`}>{children}</dd>
    </div>
  )
}

function ReferenceValue({ value, type, render }: { value: unknown; type: string; render: RenderReference }) {
  const names = (Array.isArray(value) ? value : [value]).filter(
    (name): name is string => typeof name === 'string' && name !== '',
  )
  if (names.length === 0) return <>{formatValue(null)}</>
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1">
      {names.map((name) => (
        <li key={name}>{render(type, name)}</li>
      ))}
    </ul>
  )
}

function RecordsValue({ field, value }: { field: Extract<FieldSpec, { kind: 'records' }>; value: unknown }) {
  const items = Array.isArray(value) ? (value as Record<string, unknown>[]) : []
  if (items.length === 0) return <>{formatValue(null)}</>
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{field.label}</caption>
      <thead>
        <tr>
          {field.fields.map((column) => (
            <th key={column.path} scope="col" className="pr-4 pb-1 font-medium text-slate-600 dark:text-slate-400">
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {items.map((item, index) => (
          // Records have no identity of their own; their order is their meaning.
          // biome-ignore lint/suspicious/noArrayIndexKey: position is the identity here
          <tr key={index}>
            {field.fields.map((column) => (
              <td key={column.path} className="pr-4 font-mono">
                {formatValue(getPath(item, column.path))}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** A long list (an IP list's entries) in a table that renders only the rows in view. */
function RowsValue({ field, value }: { field: Extract<FieldSpec, { kind: 'rows' }>; value: unknown }) {
  const rows = Array.isArray(value) ? (value as Record<string, unknown>[]) : []
  const positions = useMemo(() => Array.from({ length: rows.length }, (_, index) => index), [rows.length])
  if (rows.length === 0) return <>{formatValue(null)}</>
  const columns: Column<number>[] = [
    { id: '#', header: '#', width: '4rem', cell: (index) => <span className="tabular-nums">{index + 1}</span> },
    ...field.fields.map((column) => ({
      id: column.path,
      header: column.label,
      width: column.kind === 'boolean' ? '6rem' : undefined,
      isEmpty: (index: number) => {
        const cell = getPath(rows[index], column.path)
        return cell === null || cell === undefined || cell === ''
      },
      cell: (index: number) => <span className="font-mono">{formatValue(getPath(rows[index], column.path))}</span>,
    })),
  ]
  return (
    <VirtualTable
      label={field.label}
      columns={columns}
      rows={positions}
      rowKey={String}
      height={Math.min(420, (rows.length + 1) * 40)}
    />
  )
}

/**
 * What uses this resource (`referenced_by`), each a link to its own page with its type and the way:
 * "Website shop, through director shop-pool", "Director shop-pool, directly".
 */
function UsedBy({ links, render }: { links: readonly ResourceLink[]; render: RenderReference }) {
  if (links.length === 0) return <p className="text-sm">Not used by anything.</p>
  return (
    <ul className="flex flex-col gap-1 text-sm">
      {links.map((link) => {
        const through = throughText(link, typeOneOf)
        return (
          <li key={`${link.type}/${link.name}`}>
            <span className="text-slate-600 dark:text-slate-400">{capitalize(typeOneOf(link.type))}</span>{' '}
            {render(link.type, link.name)}
            <span className="text-slate-600 dark:text-slate-400">{through ? `, ${through}` : ', directly'}</span>
          </li>
        )
      })}
    </ul>
  )
}

/**
 * The "Used by" of a record: its `referenced_by` (absent: no section), less the direct ones a read-only
 * field of the type already lists (a pool's nodes); no section when that field lists them all.
 */
function usedByShown(ui: ResourceUi, record: Draft): ResourceLink[] | null {
  if (!Array.isArray(record.referenced_by)) return null
  const listed = new Set(
    ui.sections.flatMap((section) =>
      section.fields.flatMap((field) => (field.kind === 'reference' && field.readOnly ? [field.type] : [])),
    ),
  )
  const links = linksIn(record.referenced_by).filter((link) => link.through || !listed.has(link.type))
  return links.length === 0 && listed.size > 0 ? null : links
}

/** A tagged list in words: `ip`, `header:X-Api-Key` -> 'Client IP, Header X-Api-Key'. */
function taggedLabels(field: Extract<FieldSpec, { kind: 'tagged' }>, items: unknown[]): string {
  return items
    .map((item) => {
      const { kind, name } = splitTagged(String(item))
      const label = field.choices.find((choice) => choice.value === kind)?.label ?? kind
      return name === null ? label : `${label} ${name}`
    })
    .join(', ')
}

/** One field's value as the detail page shows it: human labels, references as links, code as code. */
function FieldValue({ field, record, render }: { field: FieldSpec; record: StoredRecord; render: RenderReference }) {
  const value = getPath(record, field.path)
  switch (field.kind) {
    case 'reference':
      return <ReferenceValue value={value} type={field.type} render={render} />
    case 'select':
      return <>{value === null || value === undefined ? formatValue(null) : labelOf(field.options, value)}</>
    case 'multiselect':
      return (
        <>
          {Array.isArray(value) && value.length > 0
            ? value.map((v) => labelOf(field.options, v)).join(', ')
            : formatValue(null)}
        </>
      )
    case 'records':
      return <RecordsValue field={field} value={value} />
    case 'rows':
      return <RowsValue field={field} value={value} />
    case 'tagged':
      return <>{Array.isArray(value) && value.length > 0 ? taggedLabels(field, value) : formatValue(null)}</>
    case 'secret':
      return <>{getPath(record, field.setPath) === true ? 'set' : 'not set'}</>
    case 'number':
      return (
        <>
          {value === null || value === undefined
            ? formatValue(null)
            : `${value}${field.unit ? ` ${unitOf(field.unit, value)}` : ''}`}
        </>
      )
    case 'code':
      return (
        <div
          className="flex resize-y overflow-hidden rounded-md border border-slate-300 bg-slate-50 font-mono text-sm leading-6 dark:border-slate-700 dark:bg-slate-900"
          style={{ height: `calc(${CODE_ROWS} * 1.5rem + 1rem + 2px)` }}
        >
          <Suspense fallback={<pre className="m-0 w-full overflow-auto p-2 pl-10">{String(value ?? '')}</pre>}>
            <CodeEditor
              id={`detail-${field.path}`}
              value={String(value ?? '')}
              readOnly
              label={field.label}
              minRows={CODE_ROWS}
            />
          </Suspense>
        </div>
      )
    case 'text':
      return field.multiline ? (
        <pre className="max-h-80 overflow-auto rounded bg-slate-50 p-2 font-mono text-xs whitespace-pre-wrap dark:bg-slate-900">
          {String(value ?? '')}
        </pre>
      ) : (
        formatValue(value)
      )
    default:
      return <>{formatValue(value)}</>
  }
}

/** The type's notes for this record; a record of an older shape that the function cannot read has none. */
function notEnforcedOf(ui: ResourceUi, record: Draft): readonly string[] {
  try {
    return ui.notEnforced?.(record) ?? []
  } catch {
    return []
  }
}

/** A summary line's value, as text: a time as the console's dates, a message of several lines as written. */
function SummaryValue({ line }: { line: SummaryLine }) {
  if (line.format === 'time') return <>{formatDateTime(line.value)}</>
  if (line.format === 'message')
    return (
      <pre className="max-h-60 overflow-auto rounded bg-slate-50 p-2 font-mono text-xs whitespace-pre-wrap dark:bg-slate-900">
        {line.value}
      </pre>
    )
  return <>{line.value}</>
}

/** Every field of a resource under its section's title, with who changed it and when (issue 5). */
export function ResourceDetail({
  ui,
  record,
  can,
  renderEditLink,
  renderReference,
  onDelete,
  onCopy,
  actions,
  children,
}: ResourceDetailProps) {
  // What protects it, with where each comes from, heads the summary (issue 25).
  const protection = protectionLine(ui, record)
  const summary = [...(protection ? [protection] : []), ...(ui.summary?.(record) ?? [])]
  const usedBy = usedByShown(ui, record)
  const attention = ui.attention?.(record, Date.now()) ?? null
  const notEnforced = notEnforcedOf(ui, record)
  return (
    <article>
      <PageHeading
        title={record.display_name || record.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span>{capitalize(ui.one)}</span> <span className="font-mono">{record.name}</span>
            {attention && <AttentionBadge attention={attention} />}
          </span>
        }
        actions={
          <>
            <Button variant="secondary" onClick={onCopy}>
              Copy as JSON
            </Button>
            {actions}
            {can.update && ui.editable !== false && ui.editableRecord?.(record) !== false && renderEditLink('Edit')}
            {can.delete && (
              <Button variant="danger" onClick={onDelete}>
                Delete
              </Button>
            )}
          </>
        }
      />
      <div className="flex flex-col gap-6">
        {summary.length > 0 && (
          <section aria-labelledby="detail-summary">
            <h2 id="detail-summary" className="mb-2 text-lg font-semibold">
              Summary
            </h2>
            <dl className="divide-y divide-slate-200 dark:divide-slate-800">
              {summary.map((line) => (
                <Row key={line.label} label={line.label}>
                  <SummaryValue line={line} />
                </Row>
              ))}
            </dl>
          </section>
        )}
        {notEnforced.length > 0 && (
          <section
            aria-labelledby="detail-not-enforced"
            className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          >
            <h2 id="detail-not-enforced" className="font-semibold">
              Not enforced by Varnish nodes
            </h2>
            <p className="mt-1">
              Edge agent nodes run Varnish Cache, which does not do these; simulated nodes are not affected.
            </p>
            <ul className="mt-1 list-disc pl-5">
              {notEnforced.map((what) => (
                <li key={what}>{what}</li>
              ))}
            </ul>
          </section>
        )}
        {usedBy && (
          <section aria-labelledby="detail-used-by">
            <h2 id="detail-used-by" className="mb-2 text-lg font-semibold">
              Used by
            </h2>
            <UsedBy links={usedBy} render={renderReference} />
          </section>
        )}
        {children}
        {ui.sections.map((section, index) => {
          const shown = section.fields.filter((field) => field.kind !== 'presets' && isShown(field, record))
          if (shown.length === 0) return null
          const headingId = `detail-section-${index}`
          return (
            <section key={section.title} aria-labelledby={headingId}>
              <h2 id={headingId} className="mb-2 text-lg font-semibold">
                {section.title}
              </h2>
              <dl className="divide-y divide-slate-200 dark:divide-slate-800">
                {shown.map((field) => (
                  <Row key={field.path} label={field.label}>
                    <FieldValue field={field} record={record} render={renderReference} />
                  </Row>
                ))}
              </dl>
            </section>
          )
        })}
        <section aria-labelledby="detail-history">
          <h2 id="detail-history" className="mb-2 text-lg font-semibold">
            History
          </h2>
          <dl className="divide-y divide-slate-200 dark:divide-slate-800">
            <Row label="Display name">{formatValue(record.display_name)}</Row>
            <Row label="Revision">{record.revision}</Row>
            <Row label="Created">{`${formatDateTime(record.created_at)} by ${record.created_by}`}</Row>
            <Row label="Updated">{`${formatDateTime(record.updated_at)} by ${record.updated_by}`}</Row>
          </dl>
        </section>
      </div>
    </article>
  )
}

/** A unit after its number, as said: '1 day', '1 byte', '30 days'; a symbol ('s') as it is. */
function unitOf(unit: string, value: unknown): string {
  return Number(value) === 1 && unit.length > 1 && unit.endsWith('s') ? unit.slice(0, -1) : unit
}
