import type { ConsoleVersion, HealthCheck, ServiceInfo } from '../api/platform.ts'

/** The subset of a query result this view reads; TanStack Query results fit it as they are. */
export type Loadable<T> = { status: 'pending' } | { status: 'error'; error: Error } | { status: 'success'; data: T }

export type ServiceStatus = {
  service: string
  info: Loadable<ServiceInfo>
  health: Loadable<HealthCheck[]>
}

type PlatformStatusProps = {
  services: ServiceStatus[]
  build: Loadable<ConsoleVersion>
}

function firstError(services: ServiceStatus[]): Error | undefined {
  for (const { info, health } of services) {
    if (info.status === 'error') return info.error
    if (health.status === 'error') return health.error
  }
  return undefined
}

function VersionCell({ info }: { info: Loadable<ServiceInfo> }) {
  if (info.status === 'pending') return <span className="text-slate-500">…</span>
  if (info.status === 'error') return <span className="text-slate-500">unknown</span>
  return <span className="font-mono">{info.data.version}</span>
}

function HealthCell({ health }: { health: Loadable<HealthCheck[]> }) {
  if (health.status === 'pending') return <span className="text-slate-500">Checking…</span>
  if (health.status === 'error') return <span className="text-red-700 dark:text-red-400">Unreachable</span>
  const failing = health.data.filter((check) => !check.is_healthy).map((check) => check.name)
  if (failing.length === 0) return <span className="text-emerald-700 dark:text-emerald-400">Healthy</span>
  return <span className="text-amber-700 dark:text-amber-400">Unhealthy: {failing.join(', ')}</span>
}

function ConsoleBuild({ build }: { build: Loadable<ConsoleVersion> }) {
  if (build.status === 'pending') return <>Console build: …</>
  if (build.status === 'error') return <>Console build: unknown ({build.error.message})</>
  const { version, commit, built_at } = build.data
  return (
    <>
      Console build: <span className="font-mono">{version}</span> (
      <span className="font-mono">{commit.slice(0, 12)}</span>
      ), built <time dateTime={built_at}>{built_at}</time>
    </>
  )
}

export function PlatformStatus({ services, build }: PlatformStatusProps) {
  const error = firstError(services)
  const checking = services.some(({ info, health }) => info.status === 'pending' || health.status === 'pending')
  return (
    <main className="mx-auto flex min-h-screen max-w-3xl flex-col gap-8 p-6 sm:p-10">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight">WADP Console</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">Web application delivery platform</p>
      </header>
      <section aria-labelledby="platform-status-heading" className="flex flex-col gap-4">
        <h2 id="platform-status-heading" className="text-xl font-semibold">
          Platform status
        </h2>
        {error && (
          <p
            role="alert"
            className="rounded-md border border-red-300 bg-red-50 p-3 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
          >
            Could not reach the platform API: {error.message}
          </p>
        )}
        <table
          aria-busy={checking}
          className="w-full overflow-hidden rounded-md border border-slate-200 text-left dark:border-slate-800"
        >
          <thead className="bg-slate-100 text-sm text-slate-600 dark:bg-slate-900 dark:text-slate-400">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                Service
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Version
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Health
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {services.map(({ service, info, health }) => (
              <tr key={service}>
                <th scope="row" className="px-4 py-2 font-medium">
                  {service}
                </th>
                <td className="px-4 py-2">
                  <VersionCell info={info} />
                </td>
                <td className="px-4 py-2">
                  <HealthCell health={health} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <ConsoleBuild build={build} />
        </p>
      </section>
    </main>
  )
}
