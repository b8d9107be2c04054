import type { ReactNode } from 'react'
import type { BackendHealthRowData } from '../domain/backend-health.ts'

/**
 * "sick on pop-zz-1 (Varnish)" or "simulated probes fail": where a backend was found unhealthy; "sick as
 * cloud reports it" for a kind of node the console does not know (another implementation of the API), and
 * "pop-us-1 (cloud)" for a node of such a kind in an agent row.
 */
function whereSick(row: BackendHealthRowData): string {
  if (row.source === 'simulated') return 'its simulated probes fail'
  if (row.source !== 'agent') return `sick as ${row.source} reports it`
  const sick = row.nodes
    .filter((node) => !node.healthy)
    .map((node) => `${node.node} (${node.source === 'agent' ? 'Varnish' : node.source})`)
  return `sick on ${sick.join(', ')}`
}

/**
 * Home's summary of the project's director backends (issue 24): how many are healthy, each unhealthy one
 * with where it is sick (a Varnish node, by name, or the simulation), and the link to Backend Health.
 */
export function BackendHealthSummary({
  rows,
  link,
}: {
  rows: readonly BackendHealthRowData[]
  link: (children: ReactNode) => ReactNode
}) {
  if (rows.length === 0) return <p className="text-sm">No director of this project has a backend yet.</p>
  const unhealthy = rows.filter((row) => !row.healthy)
  const count = (source: string) => rows.filter((row) => row.source === source).length
  const real = count('agent')
  const simulated = count('simulated')
  // Kinds of node the console does not know (another implementation of the API), by their own words.
  const others = [...new Set(rows.map((row) => row.source))].filter((kind) => kind !== 'agent' && kind !== 'simulated')
  const source =
    real === rows.length
      ? 'Reported by Varnish nodes.'
      : simulated === rows.length
        ? 'From simulated probes: no Varnish node reports them.'
        : `${[
            ...(real > 0 ? [`${real} reported by Varnish nodes`] : []),
            ...(simulated > 0 ? [`${simulated} from simulated probes`] : []),
            ...others.map((kind) => `${count(kind)} reported by ${kind}`),
          ].join(', ')}.`
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p>
        {unhealthy.length === 0
          ? `All ${rows.length} ${rows.length === 1 ? 'backend is' : 'backends are'} healthy.`
          : `${unhealthy.length} of ${rows.length} backends ${unhealthy.length === 1 ? 'is' : 'are'} unhealthy:`}
      </p>
      {unhealthy.length > 0 && (
        <ul className="flex flex-col gap-1">
          {unhealthy.map((row) => (
            <li key={`${row.director}/${row.backend}`}>
              <span className="font-mono">{row.backend}</span>
              {` of director ${row.director}: ${whereSick(row)}`}
            </li>
          ))}
        </ul>
      )}
      <p className="text-slate-600 dark:text-slate-400">{source}</p>
      <p>{link('See Backend Health')}</p>
    </div>
  )
}
