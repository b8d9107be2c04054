import { useQueries } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { AppVersionsModal } from '../../src/views/AppVersionsModal.tsx'

const root = getRouteApi('__root__')

/** The App Versions dialog ('show all' in the profile menu), loaded when it first opens. */
export default function AppVersions({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { queries } = root.useRouteContext()
  const { services } = queries.platform
  const info = useQueries({
    queries: services.map((service) => ({ ...queries.platform.info(service), enabled: open })),
  })
  const health = useQueries({
    queries: services.map((service) => ({ ...queries.platform.health(service), enabled: open })),
  })
  return (
    <AppVersionsModal
      open={open}
      onClose={onClose}
      services={services.map((service, index) => ({
        service,
        info: info[index]?.data,
        health: health[index]?.data,
        error: info[index]?.error?.message ?? health[index]?.error?.message,
      }))}
    />
  )
}
