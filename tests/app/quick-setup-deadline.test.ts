/**
 * The quick setup wizard over the real API client: the platform's answer to a write it did not make in
 * time (a 503 marked `write_deadline`, docs/api.md "Write deadline") is a definite "not created", taken
 * at once; a 503 without that mark leaves it unknown, and the wizard reads what was asked for.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, waitFor } from 'xstate'
import { selectErrors } from '../../machines/quick-setup.selectors.ts'
import { quickSetupMachine } from '../../machines/quick-setup.ts'
import { createApi } from '../../src/api/http.ts'
import { provideQuickSetupSubmission } from '../../src/app/quick-setup.ts'
import { CONTENDED_CODE, WRITE_DEADLINE_CODE } from '../../src/domain/write-deadline.ts'

afterEach(() => {
  vi.unstubAllGlobals()
})

const BASE = '/api/core/v0/projects/alpha'
// random() = 0: the director's suffix is 'aaaaa'.
const DIRECTOR = 'shop-example-com-aaaaa'
const NOT_MADE =
  'the platform could not make this change in time, so it did not make it (nothing was stored); try again shortly'

const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })
const notMadeInTime = () => json(503, { message: NOT_MADE, errors: [], code: WRITE_DEADLINE_CODE })
const CONTENDED = 'the platform is busy with other changes to the same data; try again shortly'
const contended = () => json(503, { message: CONTENDED, errors: [], code: CONTENDED_CODE })
const unavailable = () => json(503, { message: 'the platform is unavailable for a moment', errors: [] })
const missing = () => json(404, { message: 'not found', errors: [] })

/**
 * The wizard with its real submission and API client (no wait between its two reads); the platform
 * answers the director's and the website's creation with `answers`, every read with 404.
 */
function wizardOver(answers: { director?: () => Response; website?: () => Response }) {
  const calls: string[] = []
  vi.stubGlobal('fetch', async (input: string | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input.url
    const method = (init?.method ?? (typeof input === 'string' ? 'GET' : input.method)).toUpperCase()
    const path = new URL(url, 'http://console.test').pathname
    calls.push(`${method} ${path}`)
    if (method === 'GET' && path === `${BASE}/domains`) return json(200, { data: [] })
    if (method === 'POST' && path === `${BASE}/directors`)
      return answers.director ? answers.director() : json(201, { data: { name: DIRECTOR } })
    if (method === 'POST' && path === `${BASE}/websites`)
      return answers.website
        ? answers.website()
        : json(201, { data: { name: 'shop-example-com', default_director: DIRECTOR } })
    if (method === 'DELETE') return json(204, null)
    return missing()
  })
  const api = createApi({ getToken: () => 'secret', onUnauthorized: () => {} })
  const submission = provideQuickSetupSubmission(api).provide({ delays: { recheckDelay: 0 } })
  const machine = quickSetupMachine.provide({ actors: { submitQuickWebsite: submission } })
  const actor = createActor(machine, { input: { project: 'alpha', random: () => 0 } }).start()
  return { actor, calls }
}

async function submitted(wizard: ReturnType<typeof wizardOver>) {
  wizard.actor.send({ type: 'wizard.open' })
  wizard.actor.send({ type: 'wizard.next' })
  wizard.actor.send({
    type: 'wizard.edit',
    draft: {
      domain_name: 'shop.example.com',
      backend: { directorOption: 'new', host: 'origin.example.com', port: '80', weight: 5 },
    },
  })
  wizard.actor.send({ type: 'wizard.next' })
  wizard.actor.send({ type: 'wizard.yes' })
  return waitFor(wizard.actor, (s) => s.matches({ confirming: 'failed' }) || s.matches('finished'))
}

/** The calls after the first with this method and path. */
const callsAfter = (calls: string[], call: string) => calls.slice(calls.indexOf(call) + 1)

describe('quick setup and the platform’s “not made in time”', () => {
  it('takes a website not made in time as not created: no read, the director removed at once', async () => {
    const wizard = wizardOver({ website: notMadeInTime })
    const state = await submitted(wizard)
    expect(callsAfter(wizard.calls, `POST ${BASE}/websites`)).toEqual([`DELETE ${BASE}/directors/${DIRECTOR}`])
    expect(selectErrors(state)).toEqual([{ field: 'server', message: NOT_MADE }])
  })

  it('takes a director not made in time as not created: no read, no website', async () => {
    const wizard = wizardOver({ director: notMadeInTime })
    const state = await submitted(wizard)
    expect(callsAfter(wizard.calls, `POST ${BASE}/directors`)).toEqual([])
    expect(selectErrors(state)).toEqual([{ field: 'server', message: NOT_MADE }])
  })

  it('takes a website rolled back for other changes as not created: no read, the director removed at once', async () => {
    const wizard = wizardOver({ website: contended })
    const state = await submitted(wizard)
    expect(callsAfter(wizard.calls, `POST ${BASE}/websites`)).toEqual([`DELETE ${BASE}/directors/${DIRECTOR}`])
    expect(selectErrors(state)).toEqual([{ field: 'server', message: CONTENDED }])
  })

  it('still asks, twice, after a 503 without the mark: the website may have been created', async () => {
    const wizard = wizardOver({ website: unavailable })
    await submitted(wizard)
    expect(callsAfter(wizard.calls, `POST ${BASE}/websites`)).toEqual([
      `GET ${BASE}/websites/shop-example-com`,
      `GET ${BASE}/websites/shop-example-com`,
      `DELETE ${BASE}/directors/${DIRECTOR}`,
    ])
  })
})
