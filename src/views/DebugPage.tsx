import { useSelector } from '@xstate/react'
import { useMemo } from 'react'
import type { AnyActorRef, StateValue } from 'xstate'
import { maskSecrets } from '../domain/debug.ts'
import type { ConsoleVersion } from '../domain/platform-info.ts'
import { Button } from '../ui/Button.tsx'
import { quietLinkClassName } from '../ui/link.ts'
import { Spinner } from '../ui/Spinner.tsx'
import type { PanelState } from './DetailPanel.tsx'
import { PageHeading } from './PageHeading.tsx'

export type DebugMachine = { name: string; actor: Pick<AnyActorRef, 'getSnapshot' | 'subscribe'> }

/** The machines whose test paths can be downloaded, once their module is loaded on request. */
export type PathsState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; machines: readonly string[]; failed: { machine: string; message: string } | null }

export type DebugPageProps = {
  machines: readonly DebugMachine[]
  /** Opens the console again with the Stately inspector; `available` is false in a production build. */
  inspector: { href: string; available: boolean }
  version: PanelState<ConsoleVersion>
  services: readonly { service: string; version: string | null; error: string | null }[]
  permissions: { session: readonly string[]; project: { name: string; permissions: readonly string[] } | null }
  paths: PathsState
  onLoadPaths: () => void
  onDownloadPaths: (machine: string) => void
}

const sectionClass = 'flex flex-col gap-3'
const headingClass = 'text-lg font-semibold'
const preClass =
  'max-h-96 overflow-auto rounded-md bg-slate-100 p-3 font-mono text-xs text-slate-900 dark:bg-slate-900 dark:text-slate-100'

/** /debug (RESOURCES.md): for developers and QA, what the console is doing right now. */
export function DebugPage(props: DebugPageProps) {
  const { machines, inspector, version, services, permissions, paths } = props
  return (
    <div className="flex flex-col gap-8">
      <PageHeading title="Debug" description="The console's machines, build and permissions, for developers and QA." />
      <section aria-labelledby="debug-machines" className={sectionClass}>
        <h2 id="debug-machines" className={headingClass}>
          Machines
        </h2>
        <p className="text-sm">
          <a href={inspector.href} className={quietLinkClassName}>
            Open the Stately inspector
          </a>
          {inspector.available
            ? ' (reloads the console with the inspector attached to every machine)'
            : ' (development builds only: run npm run dev, then follow this link)'}
        </p>
        {machines.map((machine) => (
          <MachineState key={machine.name} machine={machine} />
        ))}
      </section>
      <section aria-labelledby="debug-versions" className={sectionClass}>
        <h2 id="debug-versions" className={headingClass}>
          Versions
        </h2>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium">Console</dt>
          <dd data-testid="debug-console-version">
            {version.status === 'loading' && <Spinner label="Loading the version…" />}
            {version.status === 'error' && (
              <span role="alert">
                {version.message}{' '}
                <Button variant="secondary" size="sm" onClick={version.onRetry}>
                  Retry
                </Button>
              </span>
            )}
            {version.status === 'ready' &&
              `${version.data.version} (commit ${version.data.commit}, built ${version.data.built_at})`}
          </dd>
          {services.map((service) => (
            <div key={service.service} className="contents">
              <dt className="font-medium">{`API ${service.service}`}</dt>
              <dd>{service.version ?? service.error ?? '…'}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="debug-permissions" className={sectionClass}>
        <h2 id="debug-permissions" className={headingClass}>
          Permissions
        </h2>
        <PermissionList title="Signed-in user" permissions={permissions.session} />
        {permissions.project && (
          <PermissionList
            title={`In project ${permissions.project.name}`}
            permissions={permissions.project.permissions}
          />
        )}
      </section>
      <PathsSection {...props} paths={paths} />
    </div>
  )
}

function MachineState({ machine }: { machine: DebugMachine }) {
  const snapshot = useSelector(
    machine.actor,
    (state) => state as { value?: StateValue; context?: unknown; status?: string },
  )
  const text = useMemo(() => JSON.stringify(maskSecrets(snapshot.context ?? null), null, 2), [snapshot.context])
  const value = typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value ?? null)
  return (
    <details className="rounded-md border border-slate-200 p-3 dark:border-slate-700" open={machine.name === 'session'}>
      <summary className="cursor-pointer">
        <span className="font-medium">{machine.name}</span>{' '}
        <code data-testid={`debug-state-${machine.name}`} className="text-sm">
          {value}
        </code>
        {snapshot.status && snapshot.status !== 'active' && <span className="text-sm">{` (${snapshot.status})`}</span>}
      </summary>
      <section aria-label={`Context of ${machine.name}`} className="mt-2">
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long context scrolls, and the keyboard must be able to scroll it */}
        <pre tabIndex={0} className={preClass}>
          {text}
        </pre>
      </section>
    </details>
  )
}

function PermissionList({ title, permissions }: { title: string; permissions: readonly string[] }) {
  return (
    <div>
      <h3 className="font-medium text-sm">{title}</h3>
      {permissions.length === 0 ? (
        <p className="text-sm">None.</p>
      ) : (
        <ul className="flex flex-wrap gap-2 font-mono text-xs">
          {permissions.map((permission) => (
            <li key={permission} className="rounded bg-slate-100 px-2 py-0.5 dark:bg-slate-800">
              {permission}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function PathsSection({ paths, onLoadPaths, onDownloadPaths }: DebugPageProps) {
  return (
    <section aria-labelledby="debug-paths" className={sectionClass}>
      <h2 id="debug-paths" className={headingClass}>
        Test paths
      </h2>
      <p className="text-sm">
        The paths xstate/graph generates for each machine, the same as{' '}
        <code>npm run paths -- &lt;machine&gt; --json</code>.
      </p>
      {paths.status === 'idle' && (
        <div>
          <Button variant="secondary" onClick={onLoadPaths}>
            Load the machines
          </Button>
        </div>
      )}
      {paths.status === 'loading' && <Spinner label="Loading the machines…" />}
      {paths.status === 'error' && (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm">
          <span>{paths.message}</span>
          <Button variant="secondary" size="sm" onClick={onLoadPaths}>
            Retry
          </Button>
        </div>
      )}
      {paths.status === 'ready' && (
        <>
          {paths.failed && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {`The paths of ${paths.failed.machine} could not be generated: ${paths.failed.message}`}
            </p>
          )}
          <ul className="flex flex-col gap-2 text-sm">
            {paths.machines.map((machine) => (
              <li key={machine} className="flex items-center gap-3">
                <span className="min-w-48 font-mono">{machine}</span>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Download JSON: the paths of ${machine}`}
                  onClick={() => onDownloadPaths(machine)}
                >
                  Download JSON
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
