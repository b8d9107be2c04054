import { fromPromise } from 'xstate'
import { liveTrafficMachine, type StreamInput, StreamRefused } from '../../machines/live-traffic.ts'
import { type ApiClients, errorMessage, isForbidden, isNotFound } from '../api/http.ts'
import { readLiveTraffic } from '../api/live-traffic.ts'

/**
 * A website's live traffic machine with its real stream (issue 24): read with the session's token until
 * the machine stops reading (the actor's signal). A 401, 403 or 404 is a refusal, which asking again
 * cannot change (a 401 whose message says the token expired has already gone to the session, through
 * the client's hook). Loaded when a website's page shows it, not with the resource pages' code.
 */
export function liveTrafficMachineFor(api: ApiClients, project: string, website: string) {
  return liveTrafficMachine.provide({
    actors: {
      stream: fromPromise<void, StreamInput>(async ({ input, signal }) => {
        try {
          await readLiveTraffic(api, project, website, signal, input.send)
        } catch (error) {
          const message = `Live traffic is unavailable: ${errorMessage(error)}`
          throw isRefusal(error) ? new StreamRefused(message) : new Error(message)
        }
      }),
    },
  })
}

const isRefusal = (error: unknown) =>
  isForbidden(error) || isNotFound(error) || (error as { statusCode?: unknown } | null)?.statusCode === 401
