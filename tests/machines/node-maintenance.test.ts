import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { selectMaintenanceReport, selectMaintenanceRequest } from '../../machines/node-maintenance.selectors.ts'
import { type NodeMaintenanceInput, nodeMaintenanceMachine } from '../../machines/node-maintenance.ts'
import type { NodeMaintenanceResult } from '../../src/types/nodes/fields.ts'

function start(run: (input: NodeMaintenanceInput) => Promise<NodeMaintenanceResult[]>) {
  const calls: NodeMaintenanceInput[] = []
  let announced = 0
  const actor = createActor(
    nodeMaintenanceMachine.provide({
      actors: {
        setMaintenance: fromPromise<NodeMaintenanceResult[], NodeMaintenanceInput>(({ input }) => {
          calls.push(input)
          return run(input)
        }),
      },
      actions: {
        announceChanged: () => {
          announced += 1
        },
      },
    }),
  )
  actor.start()
  return { actor, calls, announced: () => announced }
}

const ok = (name: string): NodeMaintenanceResult => ({
  name,
  result: 'succeeded',
  status: 'maintenance',
  changed: true,
  message: null,
})

describe('bulk maintenance', () => {
  it('asks naming the nodes, sends one request, and reports each node', async () => {
    const refused: NodeMaintenanceResult = {
      name: 'pop-us-nyc-1',
      result: 'failed',
      status: 'disabled',
      changed: false,
      message: 'it is disabled',
    }
    const { actor, calls, announced } = start(async () => [ok('pop-fr-par-1'), refused])
    actor.send({
      type: 'maintenance.request',
      nodes: ['pop-fr-par-1', 'pop-us-nyc-1', 'pop-fr-par-1'],
      maintenance: true,
    })
    expect(selectMaintenanceRequest(actor.getSnapshot())).toEqual({
      nodes: ['pop-fr-par-1', 'pop-us-nyc-1'],
      maintenance: true,
    })
    expect(calls).toEqual([])
    actor.send({ type: 'maintenance.confirm' })
    await waitFor(actor, (snapshot) => selectMaintenanceReport(snapshot) !== null)
    expect(calls).toEqual([{ nodes: ['pop-fr-par-1', 'pop-us-nyc-1'], maintenance: true }])
    expect(selectMaintenanceReport(actor.getSnapshot())?.results).toEqual([ok('pop-fr-par-1'), refused])
    expect(announced()).toBe(1)
    actor.send({ type: 'maintenance.dismiss' })
    expect(selectMaintenanceReport(actor.getSnapshot())).toBeNull()
  })

  it('sends nothing when cancelled or when no node is named', () => {
    const { actor, calls } = start(async () => [])
    actor.send({ type: 'maintenance.request', nodes: [], maintenance: false })
    expect(selectMaintenanceRequest(actor.getSnapshot())).toBeNull()
    actor.send({ type: 'maintenance.request', nodes: ['pop-fr-par-1'], maintenance: false })
    actor.send({ type: 'maintenance.cancel' })
    expect(selectMaintenanceRequest(actor.getSnapshot())).toBeNull()
    expect(calls).toEqual([])
  })

  it('reports why nothing ran when the request fails', async () => {
    const { actor, announced } = start(async () => {
      throw new Error('missing permission wadp.nodes.update')
    })
    actor.send({ type: 'maintenance.request', nodes: ['pop-fr-par-1'], maintenance: true })
    actor.send({ type: 'maintenance.confirm' })
    await waitFor(actor, (snapshot) => selectMaintenanceReport(snapshot) !== null)
    expect(selectMaintenanceReport(actor.getSnapshot())?.error).toBe('missing permission wadp.nodes.update')
    expect(announced()).toBe(0)
  })
})
