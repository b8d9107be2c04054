import { type Column, Table } from '../ui/Table.tsx'

/** One project as an edge agent node's last report says it runs it (the node's `projects`, API.md). */
export type NodeProjectLine = {
  project: string
  applied_revision: number | null
  target_revision: number
  sync_state: 'in_sync' | 'pending' | 'failed'
  sync_message: string | null
}

const STATES: Record<NodeProjectLine['sync_state'], string> = {
  in_sync: 'In sync',
  pending: 'Pending',
  failed: 'Failed',
}

/** The node's project lines, as the server derives them; anything else in their place reads as none. */
export function nodeProjectLines(value: unknown): NodeProjectLine[] {
  if (!Array.isArray(value)) return []
  return value.filter(
    (line): line is NodeProjectLine =>
      typeof line === 'object' &&
      line !== null &&
      typeof (line as NodeProjectLine).project === 'string' &&
      (line as NodeProjectLine).sync_state in STATES,
  )
}

const revision = (value: number | null) => (typeof value === 'number' ? String(value) : '—')

/**
 * An edge agent node's projects: the project revision it runs of each, over the one it should, and why
 * not when it failed to load it. The platform revision in the summary is the top VCL's, which a project's
 * failed load does not stop: on its own it read as if all was applied (the node detail page only).
 */
export function NodeProjects({ lines, selected }: { lines: readonly NodeProjectLine[]; selected: string }) {
  const columns: Column<NodeProjectLine>[] = [
    {
      id: 'project',
      header: 'Project',
      rowHeader: true,
      cell: (line) => (line.project === selected ? `${line.project} (selected)` : line.project),
    },
    {
      id: 'revision',
      header: 'Project revision applied / target',
      cell: (line) => (
        <span className="tabular-nums">{`${revision(line.applied_revision)} / ${revision(line.target_revision)}`}</span>
      ),
    },
    { id: 'sync', header: 'Sync', cell: (line) => STATES[line.sync_state] },
    {
      id: 'message',
      header: 'Sync message',
      cell: (line) =>
        line.sync_message ? (
          <pre className="max-h-60 overflow-auto font-mono text-xs whitespace-pre-wrap">{line.sync_message}</pre>
        ) : null,
    },
  ]
  return (
    <section aria-labelledby="node-projects" className="mt-6 flex flex-col gap-2">
      <h2 id="node-projects" className="text-lg font-semibold">
        Projects on this node
      </h2>
      <p className="text-sm">
        What its last report says it runs of each project: a project whose configuration failed to load keeps its last
        good one (or none), whatever the platform revision above.
      </p>
      <Table
        columns={columns}
        rows={lines}
        rowKey={(line) => line.project}
        caption="Projects on this node"
        empty="Its agent has not reported any project yet."
      />
    </section>
  )
}
