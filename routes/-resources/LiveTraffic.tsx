import { getRouteApi } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import {
  selectIsTrafficConnecting,
  selectIsTrafficLive,
  selectIsTrafficOpen,
  selectIsTrafficPaused,
  selectIsTrafficRetrying,
  selectTrafficError,
  selectTrafficLines,
  selectTrafficReceived,
} from '../../machines/live-traffic.selectors.ts'
import { selectProjectPermissions } from '../../machines/project.selectors.ts'
import { grants } from '../../src/domain/permissions.ts'
import { useLoadedWhenIdle } from '../../src/ui/useLoadedWhenIdle.ts'
import { LiveTrafficLoading, LiveTrafficPanel } from '../../src/views/LiveTrafficPanel.tsx'
import type { AddonContext } from './ResourceDetailRoute.tsx'
import type { ResourcePage } from './useResourcePage.ts'

const root = getRouteApi('__root__')

/** A website's live traffic on its page, for those holding wadp.websites.logs (the server checks it too). */
export function LiveTraffic({ website, context }: { website: string; context: AddonContext }) {
  const { actors } = root.useRouteContext()
  const permissions = useSelector(actors.project, selectProjectPermissions)
  if (!grants(permissions, 'wadp.websites.logs')) return null
  return <Permitted website={website} context={context} />
}

/**
 * The machine and its stream reader come in their own chunk, asked for once the page is idle after the
 * website's fields are drawn (useLoadedWhenIdle): never beside their paint. Until they are here, the section's frame
 * keeps its place, so that the website's sections below it do not move when it arrives.
 */
function Permitted({ website, context }: { website: string; context: AddonContext }) {
  const [load] = useState(() => () => context.page.machines.liveTraffic(context.project, website))
  const machine = useLoadedWhenIdle(load)
  if (!machine) return <LiveTrafficLoading website={website} />
  return <Stream website={website} machine={machine} />
}

type Machine = Awaited<ReturnType<ResourcePage['machines']['liveTraffic']>>

function Stream({ website, machine }: { website: string; machine: Machine }) {
  const actor = useActorRef(machine)
  return (
    <LiveTrafficPanel
      website={website}
      open={useSelector(actor, selectIsTrafficOpen)}
      connecting={useSelector(actor, selectIsTrafficConnecting)}
      live={useSelector(actor, selectIsTrafficLive)}
      paused={useSelector(actor, selectIsTrafficPaused)}
      error={useSelector(actor, selectTrafficError)}
      retrying={useSelector(actor, selectIsTrafficRetrying)}
      lines={useSelector(actor, selectTrafficLines)}
      received={useSelector(actor, selectTrafficReceived)}
      onOpen={() => actor.send({ type: 'traffic.open' })}
      onClose={() => actor.send({ type: 'traffic.close' })}
      onPause={() => actor.send({ type: 'traffic.pause' })}
      onResume={() => actor.send({ type: 'traffic.resume' })}
      onClear={() => actor.send({ type: 'traffic.clear' })}
    />
  )
}
