import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { createActor, waitFor } from 'xstate'
import { selectSecret } from '../../machines/resource-form.selectors.ts'
import type { ApiClients } from '../../src/api/http.ts'
import { resourceMachines } from '../../src/app/resources.ts'
import { initialDraft, validatorOf } from '../../src/domain/resource-body.ts'
import { resourceQueries } from '../../src/queries/resources.ts'
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
  const actor = createActor(machines.form(tokensUi, ''), {
    input: {
      mode: 'create',
      values: { ...initialDraft(tokensUi.fields, tokensUi.newDraft?.()), name: 'ci', permissions: ['wadp.*.list'] },
      validate: validatorOf(tokensUi, 'create'),
    },
  })
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
