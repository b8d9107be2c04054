import { QueryClient } from '@tanstack/react-query'
import { FetchError } from 'ofetch'
import { describe, expect, it, vi } from 'vitest'
import { createActor, waitFor } from 'xstate'
import { selectSecret } from '../../machines/resource-form.selectors.ts'
import type { ApiClients } from '../../src/api/http.ts'
import { MAYBE_ROTATED, resourceMachines, resourceTools } from '../../src/app/resources.ts'
import { initialDraft, validatorOf } from '../../src/domain/resource-body.ts'
import { resourceRoutes } from '../../src/domain/resource-ui.ts'
import { CONTENDED_CODE, WRITE_DEADLINE_CODE } from '../../src/domain/write-deadline.ts'
import { resourceQueries } from '../../src/queries/resources.ts'
import { nodesUi } from '../../src/types/nodes/screen.ts'
import { tokensUi } from '../../src/types/tokens/screen.ts'

const SECRET = 'wadp_TheSecretTheServerGivesOnlyOnce0123456'

/** The token form with the real save actor over a fake auth API that answers a create as the server does. */
function tokenForm() {
  const calls: { path: string; options: unknown }[] = []
  const auth = vi.fn(async (path: string, options: { body?: Record<string, unknown> } = {}) => {
    calls.push({ path, options })
    return {
      data: {
        ...options.body,
        owner: 'admin@example.com',
        status: 'active',
        prefix: SECRET.slice(0, 6),
        last_used_at: null,
        revision: 1,
        created_at: '2026-11-24T12:00:00.000Z',
        created_by: 'admin@example.com',
        updated_at: '2026-11-24T12:00:00.000Z',
        updated_by: 'admin@example.com',
        token: SECRET,
      },
    }
  })
  const api = { auth } as unknown as ApiClients
  const queryClient = new QueryClient()
  const announcer = { notify: vi.fn(), go: vi.fn() }
  const machines = resourceMachines(api, queryClient, resourceQueries(api), announcer)
  const actor = createActor(
    machines.form(tokensUi, '', (name) => resourceRoutes(tokensUi).detail(name)),
    {
      input: {
        mode: 'create',
        values: { ...initialDraft(tokensUi.fields, tokensUi.newDraft?.()), name: 'ci', permissions: ['wadp.*.list'] },
        validate: validatorOf(tokensUi, 'create'),
      },
    },
  )
  actor.start()
  return { actor, calls, queryClient, announcer }
}

describe('a token create (secretOnCreate)', () => {
  it('hands the secret to the form only: the query cache holds the token without it', async () => {
    const { actor, calls, queryClient, announcer } = tokenForm()
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (snapshot) => snapshot.matches('revealing'))
    expect(calls.map((call) => call.path)).toEqual(['/tokens'])
    expect(selectSecret(actor.getSnapshot())).toBe(SECRET)

    const cached = queryClient.getQueryCache().getAll()
    expect(cached.map((query) => (query.state.data as { name?: string } | undefined)?.name)).toContain('ci')
    expect(JSON.stringify(cached.map((query) => query.state.data))).not.toContain(SECRET)
    // Not announced yet: the detail page opens once the user has the secret.
    expect(announcer.go).not.toHaveBeenCalled()

    actor.send({ type: 'secret.dismiss' })
    expect(actor.getSnapshot().status).toBe('done')
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain(SECRET)
    expect(announcer.notify).toHaveBeenCalledWith('Token "ci" created.')
    expect(announcer.go).toHaveBeenCalledWith('/tokens-detail/ci', '', { replace: true })
  })
})

/** The node form with the real save actor over a fake core API that answers as the server does: a secret for an agent node only. */
function nodeForm(kind: 'simulated' | 'agent') {
  const core = vi.fn(async (_path: string, options: { body?: Record<string, unknown> } = {}) => ({
    data: {
      ...options.body,
      revision: 1,
      created_at: '2026-11-24T12:00:00.000Z',
      created_by: 'admin@example.com',
      updated_at: '2026-11-24T12:00:00.000Z',
      updated_by: 'admin@example.com',
      ...(options.body?.kind === 'agent' ? { secret: SECRET } : {}),
    },
  }))
  const api = { core } as unknown as ApiClients
  const queryClient = new QueryClient()
  const announcer = { notify: vi.fn(), go: vi.fn() }
  const machines = resourceMachines(api, queryClient, resourceQueries(api), announcer)
  const values = {
    ...initialDraft(nodesUi.fields, nodesUi.newDraft?.()),
    name: 'pop-fr-par-9',
    hostname: 'pop-fr-par-9.edge.example.net',
    pop_code: 'par',
    country: 'fr',
    kind,
  }
  const actor = createActor(
    machines.form(nodesUi, '', (name) => resourceRoutes(nodesUi).detail(name)),
    {
      input: { mode: 'create', values, validate: validatorOf(nodesUi, 'create') },
    },
  )
  actor.start()
  return { actor, core, queryClient, announcer }
}

describe('a node create (secretOnCreate)', () => {
  it("shows an agent node's secret once, and keeps it out of the query cache", async () => {
    const { actor, core, queryClient, announcer } = nodeForm('agent')
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (snapshot) => snapshot.matches('revealing'))
    expect(core.mock.calls[0]?.[1]?.body).toMatchObject({ name: 'pop-fr-par-9', kind: 'agent' })
    expect(selectSecret(actor.getSnapshot())).toBe(SECRET)
    expect(
      JSON.stringify(
        queryClient
          .getQueryCache()
          .getAll()
          .map((query) => query.state.data),
      ),
    ).not.toContain(SECRET)
    expect(announcer.go).not.toHaveBeenCalled()
    actor.send({ type: 'secret.dismiss' })
    expect(announcer.go).toHaveBeenCalledWith('/nodes-detail/pop-fr-par-9', '', { replace: true })
  })

  it('goes on to the detail page at once for a simulated node, whose answer has no secret', async () => {
    const { actor, announcer } = nodeForm('simulated')
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (snapshot) => snapshot.status === 'done')
    expect(selectSecret(actor.getSnapshot())).toBeNull()
    expect(announcer.notify).toHaveBeenCalledWith('Node "pop-fr-par-9" created.')
    expect(announcer.go).toHaveBeenCalledWith('/nodes-detail/pop-fr-par-9', '', { replace: true })
  })
})

describe("an agent node's secret rotation whose answer is lost", () => {
  const rotation = (failure: Error) => {
    const core = vi.fn(async () => {
      throw failure
    })
    const tools = resourceTools({ core } as unknown as ApiClients, new QueryClient(), { notify: vi.fn(), go: vi.fn() })
    const actor = createActor(tools.machines.secretRotation(nodesUi, ''))
    actor.start()
    actor.send({ type: 'secret.rotate', name: 'pop-fr-agt-1' })
    actor.send({ type: 'secret.confirm' })
    return actor
  }
  const status = (code: number, message: string, mark?: string) =>
    Object.assign(new FetchError(`[POST] "/api/core/v0/nodes/pop-fr-agt-1/secret": ${code}`), {
      statusCode: code,
      data: { message, errors: [], ...(mark ? { code: mark } : {}) },
    })

  it('says the old secret may be dead when no answer came: the platform may have rotated it', async () => {
    const actor = rotation(
      new FetchError('[POST] "/api/core/v0/nodes/pop-fr-agt-1/secret": <no response> fetch failed'),
    )
    await waitFor(actor, (snapshot) => snapshot.matches('confirming') && snapshot.context.error !== null)
    expect(actor.getSnapshot().context.error).toBe(`The platform could not be reached. ${MAYBE_ROTATED}`)
    const failed = rotation(status(500, 'internal error'))
    await waitFor(failed, (snapshot) => snapshot.matches('confirming') && snapshot.context.error !== null)
    expect(failed.getSnapshot().context.error).toContain(MAYBE_ROTATED)
  })

  it('says only the refusal when the platform refused: nothing was rotated', async () => {
    const actor = rotation(status(409, 'pop-fr-par-1 is a simulated node: it has no secret'))
    await waitFor(actor, (snapshot) => snapshot.matches('confirming') && snapshot.context.error !== null)
    expect(actor.getSnapshot().context.error).toBe('pop-fr-par-1 is a simulated node: it has no secret')
  })

  it('says only the platform’s words when it did not replace it in time: nothing was rotated', async () => {
    const notMade =
      'the platform could not make this change in time, so it did not make it (nothing was stored); try again shortly'
    const actor = rotation(status(503, notMade, WRITE_DEADLINE_CODE))
    await waitFor(actor, (snapshot) => snapshot.matches('confirming') && snapshot.context.error !== null)
    expect(actor.getSnapshot().context.error).toBe(notMade)
    // Rolled back at every attempt for other changes: nothing was rotated either.
    const busy = 'the platform is busy with other changes to the same data; try again shortly'
    const contended = rotation(status(503, busy, CONTENDED_CODE))
    await waitFor(contended, (snapshot) => snapshot.matches('confirming') && snapshot.context.error !== null)
    expect(contended.getSnapshot().context.error).toBe(busy)
    // Another 503 (the database away) may have come after the change: it stays unsure.
    const away = rotation(status(503, 'the platform is unavailable for a moment; try again shortly'))
    await waitFor(away, (snapshot) => snapshot.matches('confirming') && snapshot.context.error !== null)
    expect(away.getSnapshot().context.error).toContain(MAYBE_ROTATED)
  })
})
