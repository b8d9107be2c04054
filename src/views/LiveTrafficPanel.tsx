import type { ReactNode } from 'react'
import { formatDateTime } from '../domain/datetime.ts'
import type { LiveTrafficLine } from '../domain/live-traffic.ts'
import { Button } from '../ui/Button.tsx'
import { Spinner } from '../ui/Spinner.tsx'
import { type Column, Table } from '../ui/Table.tsx'

export type LiveTrafficPanelProps = {
  website: string
  open: boolean
  connecting: boolean
  live: boolean
  paused: boolean
  /** Why the stream broke (it opens again by itself) or was refused (only on request). */
  error: string | null
  /** Whether it opens again by itself: a broken stream, not a refused one (no permission, no such website). */
  retrying: boolean
  lines: readonly LiveTrafficLine[]
  received: number
  onOpen: () => void
  onClose: () => void
  onPause: () => void
  onResume: () => void
  onClear: () => void
}

const CACHE_LABELS: Record<LiveTrafficLine['cache'], string> = {
  hit: 'Hit',
  miss: 'Miss',
  pass: 'Pass',
  pipe: 'Pipe',
  synth: 'Synthetic',
}

const statusTone = (status: number) =>
  status >= 500
    ? 'text-red-700 dark:text-red-400'
    : status >= 400
      ? 'text-amber-700 dark:text-amber-400'
      : 'text-emerald-700 dark:text-emerald-400'

const columns: Column<LiveTrafficLine>[] = [
  {
    id: 'at',
    header: 'Time',
    width: '11rem',
    cell: (line) => (
      <time dateTime={line.at} className="tabular-nums">
        {formatDateTime(line.at)}
      </time>
    ),
  },
  { id: 'method', header: 'Method', width: '5rem', cell: (line) => line.method },
  {
    id: 'path',
    header: 'Path',
    rowHeader: true,
    cell: (line) => (
      <span className="break-all font-mono text-xs">{line.query ? `${line.path}?${line.query}` : line.path}</span>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    width: '5rem',
    cell: (line) => <span className={`tabular-nums font-medium ${statusTone(line.status)}`}>{line.status}</span>,
  },
  { id: 'cache', header: 'Cache', width: '6rem', cell: (line) => CACHE_LABELS[line.cache] },
  {
    id: 'time',
    header: 'First byte',
    width: '6rem',
    cell: (line) => <span className="tabular-nums">{`${line.duration_ms.toFixed(1)} ms`}</span>,
  },
  {
    id: 'node',
    header: 'Node',
    width: '10rem',
    cell: (line) => (
      <span title={line.sampled ? 'The node sent a sample of a busy moment' : undefined}>
        {line.node}
        {line.sampled && <span className="text-slate-600 dark:text-slate-400"> (sampled)</span>}
      </span>
    ),
  },
  {
    id: 'country',
    header: 'Client country',
    width: '7rem',
    cell: (line) => (line.client_country ? line.client_country.toUpperCase() : <span title="No geo database">—</span>),
  },
]

const HEADING = 'live-traffic-heading'

/**
 * A website's live traffic section (issue 24): its heading, its controls and what it says it shows, the
 * same while its machine loads (LiveTrafficLoading) as once it runs (LiveTrafficPanel), so that the
 * website's sections below it stay where they are when it arrives.
 */
function LiveTrafficFrame(props: { website: string; controls: ReactNode; children?: ReactNode }) {
  return (
    <section aria-labelledby={HEADING} className="mt-6 flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={HEADING} className="text-lg font-semibold">
          Live traffic
        </h2>
        {props.controls}
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {`The requests for ${props.website} through Varnish nodes, as they happen (simulated nodes send none). Query values that look like secrets are shown as REDACTED; cookies and authorisation headers are never read.`}
      </p>
      {props.children}
    </section>
  )
}

/** Start: disabled until there is something to start (`onOpen`). */
const StartButton = ({ onOpen }: { onOpen?: () => void }) => (
  <Button variant="secondary" size="sm" onClick={onOpen} disabled={!onOpen}>
    Start live traffic
  </Button>
)

/** The section while its machine's code is on its way: in its place, Start not usable yet. */
export function LiveTrafficLoading({ website }: { website: string }) {
  return <LiveTrafficFrame website={website} controls={<StartButton />} />
}

/**
 * A website's live traffic (issue 24): the requests through its Varnish nodes as they happen, newest
 * first, with Pause, Clear and Stop. Query values that look like secrets arrive redacted; cookies and
 * authorisation headers never leave the node.
 */
export function LiveTrafficPanel(props: LiveTrafficPanelProps) {
  return (
    <LiveTrafficFrame
      website={props.website}
      controls={
        props.open ? (
          <>
            {props.paused ? (
              <Button variant="secondary" size="sm" onClick={props.onResume}>
                Resume
              </Button>
            ) : (
              <Button variant="secondary" size="sm" onClick={props.onPause} disabled={!props.live}>
                Pause
              </Button>
            )}
            <Button variant="ghost" size="sm" onClick={props.onClear} disabled={props.lines.length === 0}>
              Clear
            </Button>
            <Button variant="ghost" size="sm" onClick={props.onClose}>
              Stop
            </Button>
          </>
        ) : (
          <StartButton onOpen={props.onOpen} />
        )
      }
    >
      {props.open && (
        // The state is said as it changes; the count, which moves with every request, is shown, not read out.
        <div className="text-sm">
          <span role="status">
            {props.connecting && <Spinner label="Connecting to the live stream…" />}
            {props.live && 'Live: '}
            {props.paused && `Paused: ${props.received} received; nothing is read until you resume.`}
          </span>
          {props.live && `${props.received} ${props.received === 1 ? 'request' : 'requests'} since it started.`}
        </div>
      )}
      {props.error && (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <span>{`${props.error}${/[.!?]$/.test(props.error) ? '' : '.'}${props.retrying ? ' Trying again in a few seconds.' : ''}`}</span>
          <Button variant="secondary" size="sm" onClick={props.onResume}>
            {props.retrying ? 'Retry now' : 'Try again'}
          </Button>
        </div>
      )}
      {props.open && (
        <Table
          caption={`Live traffic of ${props.website}, newest first`}
          columns={columns}
          rows={props.lines}
          rowKey={(line) => line.id}
          empty={
            props.live ? 'No request yet: requests appear here as they reach a Varnish node.' : 'No request shown.'
          }
        />
      )}
    </LiveTrafficFrame>
  )
}
