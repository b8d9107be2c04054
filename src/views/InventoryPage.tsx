import { type ReactNode, useEffect, useRef, useState } from 'react'
import { formatDateTime } from '../domain/datetime.ts'
import type { InventoryItem, InventoryType, ReferenceLink, ResourceReferences } from '../domain/inventory.ts'
import { listPathOf, pageOfResource, typeLabelOf } from '../types/resource-routes.ts'
import { type Column, Table } from '../ui/Table.tsx'
import { TextField } from '../ui/TextField.tsx'
import { DetailPanel, type PanelState } from './DetailPanel.tsx'
import { PageHeading } from './PageHeading.tsx'

/** A link to a console path, rendered by the route (it keeps the selected project). */
export type RenderPath = (path: string, children: ReactNode) => ReactNode

/** How long the name filter waits after the last keystroke before it asks. */
export const FILTER_DEBOUNCE_MS = 300

export type InventoryPageProps = {
  types: PanelState<readonly InventoryType[]>
  /** The name filter as the URL holds it. */
  filter: string
  /** Called once typing pauses, with the filter to keep in the URL. */
  onFilter: (filter: string) => void
  /** The matches of the filter; null without one. */
  matches: PanelState<{ items: readonly InventoryItem[]; total: number }> | null
  /** The resource whose references are shown, and them; null when none is chosen. */
  chosen: { type: string; name: string; references: PanelState<ResourceReferences> } | null
  link: RenderPath
  /** A link that shows a resource's references on this page. */
  choose: (type: string, name: string, children: ReactNode) => ReactNode
}

/** /resources (RESOURCES.md): the project's inventory, a name filter across its types, and references. */
export function InventoryPage({ types, filter, onFilter, matches, chosen, link, choose }: InventoryPageProps) {
  return (
    <div className="flex flex-col gap-8">
      <PageHeading title="Resources" description="Everything this project holds, by type." />
      <DetailPanel id="inventory-types" title="Types" state={types} empty="You may not list any type here.">
        {(rows) => <TypesTable rows={rows} link={link} />}
      </DetailPanel>
      <section aria-labelledby="inventory-filter" className="flex flex-col gap-3">
        <h2 id="inventory-filter" className="text-lg font-semibold">
          Find a resource
        </h2>
        <FilterField filter={filter} onFilter={onFilter} />
        {matches && (
          <DetailPanel
            id="inventory-matches"
            title="Matching resources"
            state={matches.status === 'ready' ? { status: 'ready', data: matches.data.items } : matches}
            empty={`No resource name contains “${filter}”.`}
          >
            {(items) => (
              <>
                <MatchesTable items={items} link={link} choose={choose} />
                {matches.status === 'ready' && matches.data.total > items.length && (
                  <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                    {`Showing ${items.length} of ${matches.data.total}: narrow the filter to see the others.`}
                  </p>
                )}
              </>
            )}
          </DetailPanel>
        )}
      </section>
      {chosen && <ReferencesSection chosen={chosen} link={link} choose={choose} />}
    </div>
  )
}

function TypesTable({ rows, link }: { rows: readonly InventoryType[]; link: RenderPath }) {
  const columns: Column<InventoryType>[] = [
    { id: 'type', header: 'Type', rowHeader: true, cell: (row) => link(listPathOf(row.type), typeLabelOf(row.type)) },
    { id: 'count', header: 'Count', className: 'tabular-nums', cell: (row) => row.count },
    {
      id: 'changed',
      header: 'Last change',
      className: 'tabular-nums',
      cell: (row) => (row.last_changed_at ? formatDateTime(row.last_changed_at) : '—'),
    },
    { id: 'by', header: 'By', cell: (row) => row.last_changed_by ?? '—' },
  ]
  const sorted = [...rows].sort((a, b) => typeLabelOf(a.type).localeCompare(typeLabelOf(b.type)))
  return <Table columns={columns} rows={sorted} rowKey={(row) => row.type} caption="Resource types" />
}

function FilterField({ filter, onFilter }: { filter: string; onFilter: (filter: string) => void }) {
  const [text, setText] = useState(filter)
  const sent = useRef(filter)
  const report = useRef(onFilter)
  report.current = onFilter
  // The URL changed by other means (back, a link): show what it holds.
  useEffect(() => {
    if (filter !== sent.current) {
      sent.current = filter
      setText(filter)
    }
  }, [filter])
  useEffect(() => {
    if (text.trim() === sent.current) return
    const timer = setTimeout(() => {
      sent.current = text.trim()
      report.current(text.trim())
    }, FILTER_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text])
  return (
    <TextField
      label="Name contains"
      description="Looks through the names and display names of every type."
      type="search"
      value={text}
      maxLength={200}
      onChange={(event) => setText(event.target.value)}
      className="max-w-md"
    />
  )
}

const resourceLink = (link: RenderPath, type: string, name: string, children: ReactNode) => {
  const page = pageOfResource(type, name)
  return page ? link(page, children) : children
}

function MatchesTable({
  items,
  link,
  choose,
}: {
  items: readonly InventoryItem[]
  link: RenderPath
  choose: InventoryPageProps['choose']
}) {
  const columns: Column<InventoryItem>[] = [
    {
      id: 'name',
      header: 'Name',
      rowHeader: true,
      cell: (row) => resourceLink(link, row.type, row.name, row.display_name ?? row.name),
    },
    { id: 'type', header: 'Type', cell: (row) => typeLabelOf(row.type) },
    {
      id: 'references',
      header: 'References',
      cell: (row) => choose(row.type, row.name, <span>{`References of ${row.name}`}</span>),
    },
  ]
  return (
    <Table columns={columns} rows={items} rowKey={(row) => `${row.type}/${row.name}`} caption="Matching resources" />
  )
}

function ReferencesSection({
  chosen,
  link,
  choose,
}: {
  chosen: NonNullable<InventoryPageProps['chosen']>
  link: RenderPath
  choose: InventoryPageProps['choose']
}) {
  const side = (pick: (references: ResourceReferences) => ReferenceLink[]): PanelState<readonly ReferenceLink[]> =>
    chosen.references.status === 'ready' ? { status: 'ready', data: pick(chosen.references.data) } : chosen.references
  const list = (items: readonly ReferenceLink[], how: string) => (
    <ul className="flex flex-col gap-1 text-sm">
      {items.map((item) => (
        <li key={`${item.type}/${item.name}/${item.field}`} className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-slate-600 dark:text-slate-400">{typeLabelOf(item.type)}</span>
          {resourceLink(link, item.type, item.name, item.name)}
          <span className="text-slate-600 dark:text-slate-400">{`${how} ${item.field}`}</span>
          {choose(item.type, item.name, <span className="text-xs">{`(its references)`}</span>)}
        </li>
      ))}
    </ul>
  )
  return (
    <section aria-labelledby="inventory-chosen" className="flex flex-col gap-4">
      <h2 id="inventory-chosen" className="text-lg font-semibold">
        {`${typeLabelOf(chosen.type)} `}
        {resourceLink(link, chosen.type, chosen.name, chosen.name)}
      </h2>
      <div className="grid gap-6 md:grid-cols-2">
        <DetailPanel
          id="inventory-references"
          title="References"
          state={side((references) => references.references)}
          empty="It names no other resource."
        >
          {(items) => list(items, 'in its field')}
        </DetailPanel>
        <DetailPanel
          id="inventory-referenced-by"
          title="Referenced by"
          state={side((references) => references.referenced_by)}
          empty="No resource names it."
        >
          {(items) => list(items, 'through its field')}
        </DetailPanel>
      </div>
    </section>
  )
}
