import { useQueries, useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { use, useState } from 'react'
import { selectProjectName, selectProjectPermissions } from '../../machines/project.selectors.ts'
import { selectPermissions } from '../../machines/session.selectors.ts'
import { queryError } from '../../src/queries/errors.ts'
import { DebugPage, type PathsState } from '../../src/views/DebugPage.tsx'
import { panelState } from '../-resources/panelState.ts'
import { saveFile } from '../-tools/saveFile.ts'

const root = getRouteApi('__root__')

/** The console's URL with `?inspect`, which starts every root actor with the Stately inspector. */
function inspectorHref(): string {
  const url = new URL(window.location.href)
  url.searchParams.set('inspect', '')
  return `${url.pathname}${url.search.replace(/inspect=(&|$)/, 'inspect$1')}`
}

/** /debug: the root actors live, the build, the permissions, and the test paths on request. */
export function DebugScreen() {
  const { actors, queries, debug, quickSetup } = root.useRouteContext()
  // The wizard's actor is created on first use: this page shows it too, so it asks for it.
  const wizard = use(quickSetup())
  const sessionPermissions = useSelector(actors.session, selectPermissions)
  const project = useSelector(actors.project, selectProjectName)
  const projectPermissions = useSelector(actors.project, selectProjectPermissions)
  const version = useQuery(queries.platform.version())
  const services = useQueries({
    queries: queries.platform.services.map((service) => queries.platform.info(service)),
  })
  const [paths, setPaths] = useState<PathsState>({ status: 'idle' })
  const loadPaths = () => {
    setPaths({ status: 'loading' })
    debug().then(
      (tools) => setPaths({ status: 'ready', machines: tools.machines, failed: null }),
      (error: unknown) => setPaths({ status: 'error', message: `The machines could not be loaded: ${String(error)}` }),
    )
  }
  // Generated when asked, in the module loaded above: nothing of xstate/graph is in this page's chunk.
  const downloadPaths = (machine: string) =>
    void debug()
      .then((tools) => {
        try {
          saveFile(`${machine}.paths.json`, `${tools.pathsJson(machine)}\n`)
          setPaths({ status: 'ready', machines: tools.machines, failed: null })
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error)
          setPaths({ status: 'ready', machines: tools.machines, failed: { machine, message } })
        }
      })
      .catch((error: unknown) =>
        setPaths({ status: 'error', message: `The machines could not be loaded: ${String(error)}` }),
      )
  return (
    <DebugPage
      machines={[...Object.entries(actors), ['quickSetup', wizard] as const].map(([name, actor]) => ({ name, actor }))}
      inspector={{ href: inspectorHref(), available: import.meta.env.DEV }}
      version={panelState(version, 'The console version')}
      services={queries.platform.services.map((service, index) => {
        const info = services[index]
        return {
          service,
          version: info?.data ? `${info.data.name} ${info.data.version}` : null,
          error: info?.error ? queryError.message(info.error) : null,
        }
      })}
      permissions={{
        session: sessionPermissions,
        project: project ? { name: project, permissions: projectPermissions } : null,
      }}
      paths={paths}
      onLoadPaths={loadPaths}
      onDownloadPaths={downloadPaths}
    />
  )
}
