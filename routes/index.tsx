import { useQueries, useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { platformQueries } from '../src/queries/platform.ts'
import { PlatformStatus } from '../src/views/PlatformStatus.tsx'

export const Route = createFileRoute('/')({
  component: IndexPage,
})

// Until sign-in lands, `/` is the public status page: the utils endpoints need no token.
function IndexPage() {
  const { services } = platformQueries
  const info = useQueries({ queries: services.map((service) => platformQueries.info(service)) })
  const health = useQueries({ queries: services.map((service) => platformQueries.health(service)) })
  const build = useQuery(platformQueries.version())
  const rows = services.flatMap((service, index) => {
    const serviceInfo = info[index]
    const serviceHealth = health[index]
    return serviceInfo && serviceHealth ? [{ service, info: serviceInfo, health: serviceHealth }] : []
  })
  return <PlatformStatus services={rows} build={build} />
}
