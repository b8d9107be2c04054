import { type Column, Table } from '../ui/Table.tsx'

/** One project as an edge agent node's last report says it runs it, in words (`nodeProjectRows`). */
export type NodeProjectRow = { project: string; revisions: string; sync: string; message: string | null }

/**
 * An edge agent node's projects: the project revision it runs of each, over the one it should, and why
 * not when it failed to load it. The platform revision in the summary is the top VCL's, which a project's
 * failed load does not stop: on its own it read as if all was applied (the node detail page only).
 */
export function NodeProjects({ rows, selected }: { rows: readonly NodeProjectRow[]; selected: string }) {
  const columns: Column<NodeProjectRow>[] = [
    {
      id: 'project',
      header: 'Project',
      rowHeader: true,
      cell: (line) => (line.project === selected ? `${line.project} (selected)` : line.project),
    },
    {
      id: 'revision',
      header: 'Project revision applied / target',
      cell: (line) => <span className="tabular-nums">{line.revisions}</span>,
    },
    { id: 'sync', header: 'Sync', cell: (line) => line.sync },
    {
      id: 'message',
      header: 'Sync message',
      cell: (line) =>
        line.message ? (
          <pre className="max-h-60 overflow-auto font-mono text-xs whitespace-pre-wrap">{line.message}</pre>
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
        rows={rows}
        rowKey={(line) => line.project}
        caption="Projects on this node"
        empty="Its agent has not reported any project yet."
      />
    </section>
  )
}
