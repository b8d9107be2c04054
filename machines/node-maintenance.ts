import { assign, setup } from 'xstate'
import type { NodeMaintenanceResult } from '../src/types/nodes/fields.ts'
import { actionNotProvided, notProvided } from './not-provided.ts'

/**
 * Maintenance on or off for a selection of nodes (issue 14): the question names the nodes and what
 * maintenance does, one request changes them, and the report gives each node's result (one refused,
 * such as a disabled node, does not hide that the others changed).
 */

export type NodeMaintenanceInput = { nodes: string[]; maintenance: boolean }

export type NodeMaintenanceContext = NodeMaintenanceInput & {
  results: NodeMaintenanceResult[]
  /** Why the request could not run at all (the report shows every node failed with it). */
  error: string | null
}

export type NodeMaintenanceEvent =
  | { type: 'maintenance.request'; nodes: string[]; maintenance: boolean }
  | { type: 'maintenance.confirm' }
  | { type: 'maintenance.cancel' }
  | { type: 'maintenance.dismiss' }

export const nodeMaintenanceMachine = setup({
  types: {
    context: {} as NodeMaintenanceContext,
    events: {} as NodeMaintenanceEvent,
  },
  actors: {
    /** One request for every node; each node's refusal is a result, not an error. */
    setMaintenance: notProvided<NodeMaintenanceResult[], NodeMaintenanceInput>('setMaintenance'),
  },
  actions: {
    /** The lists and the sync checks' answers are read again. */
    announceChanged: actionNotProvided<{ results: NodeMaintenanceResult[] }>('announceChanged'),
  },
  guards: {
    namesSomething: (_, { nodes }: { nodes: string[] }) => nodes.length > 0,
  },
}).createMachine({
  id: 'nodeMaintenance',
  description:
    'Maintenance on or off for selected nodes (issue 14): confirm naming them, one bulk request, then a result per node.',
  context: { nodes: [], maintenance: true, results: [], error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'maintenance.request': {
          guard: { type: 'namesSomething', params: ({ event }) => ({ nodes: event.nodes }) },
          target: 'confirming',
          actions: assign(({ event }) => ({
            nodes: [...new Set(event.nodes)],
            maintenance: event.maintenance,
            results: [],
            error: null,
          })),
        },
      },
    },
    confirming: {
      on: {
        'maintenance.confirm': 'changing',
        'maintenance.cancel': { target: 'idle', actions: assign({ nodes: [] }) },
      },
    },
    changing: {
      tags: 'busy',
      invoke: {
        id: 'setMaintenance',
        src: 'setMaintenance',
        input: ({ context }) => ({ nodes: context.nodes, maintenance: context.maintenance }),
        onDone: {
          target: 'reporting',
          actions: [
            assign(({ event }) => ({ results: event.output })),
            { type: 'announceChanged', params: ({ event }) => ({ results: event.output }) },
          ],
        },
        onError: {
          target: 'reporting',
          actions: assign(({ event }) => ({
            error: event.error instanceof Error ? event.error.message : String(event.error),
          })),
        },
      },
    },
    /** Each node's result (or why nothing ran) stays on screen until dismissed. */
    reporting: {
      on: { 'maintenance.dismiss': { target: 'idle', actions: assign({ nodes: [], results: [], error: null }) } },
    },
  },
})
