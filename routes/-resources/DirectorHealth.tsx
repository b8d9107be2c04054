import { DirectorBackendHealth } from '../../src/views/BackendHealthPage.tsx'
import { useBackendHealth, useMayReadBackendHealth } from '../-admin/useBackendHealth.ts'

/** A director's backends and their health, for a user who may read backend health (the server checks it too). */
export default function DirectorHealth(props: { project: string; director: string }) {
  if (!useMayReadBackendHealth()) return null
  return <HealthOf {...props} />
}

function HealthOf({ project, director }: { project: string; director: string }) {
  const { refreshing: _, ...health } = useBackendHealth({ project, director })
  return <DirectorBackendHealth director={director} {...health} />
}
