import { fromPromise } from 'xstate'
import { liveTrafficMachine, type StreamInput } from '../../machines/live-traffic.ts'
import { type ApiClients, errorMessage } from '../api/http.ts'
import { readLiveTraffic } from '../api/live-traffic.ts'

/**
 * A website's live traffic machine with its real stream (issue 24): read with the session's token until
 * the machine stops reading (the actor's signal). Loaded when a website's page shows it, not with the
 * resource pages' code.
 */
export function liveTrafficMachineFor(api: ApiClients, project: string, website: string) {
  return liveTrafficMachine.provide({
    actors: {
      stream: fromPromise<void, StreamInput>(async ({ input, signal }) => {
        try {
          await readLiveTraffic(api, project, website, signal, input.send)
        } catch (error) {
          throw new Error(`Live traffic is unavailable: ${errorMessage(error)}`)
        }
      }),
    },
  })
}
