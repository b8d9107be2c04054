/** A small client of the platform API for preparing the benchmark's data and checking its answers. */

export type ApiAnswer = { status: number; body: unknown }

export class BenchApi {
  constructor(
    readonly url: string,
    readonly token: string,
  ) {}

  get headers(): Record<string, string> {
    return { authorization: `Bearer ${this.token}` }
  }

  async request(method: string, path: string, body?: unknown): Promise<ApiAnswer> {
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: { ...this.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    let parsed: unknown = text
    try {
      parsed = text === '' ? null : JSON.parse(text)
    } catch {
      // not JSON: keep the text for the error message
    }
    return { status: response.status, body: parsed }
  }

  /** The response body of a request that must answer `expected`; throws with the server's message otherwise. */
  async expect(method: string, path: string, expected: number, body?: unknown): Promise<unknown> {
    const answer = await this.request(method, path, body)
    if (answer.status !== expected) {
      const detail = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body)
      throw new Error(`${method} ${path} answered ${answer.status} (expected ${expected}): ${detail.slice(0, 500)}`)
    }
    return answer.body
  }

  get(path: string): Promise<unknown> {
    return this.expect('GET', path, 200)
  }

  post(path: string, body: unknown): Promise<unknown> {
    return this.expect('POST', path, 201, body)
  }
}

/** Runs `task` for every item with at most `concurrency` at a time. */
export async function inParallel<T>(items: T[], concurrency: number, task: (item: T) => Promise<void>) {
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next
      next += 1
      const item = items[index]
      if (item !== undefined) await task(item)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker))
}

export const BENCH_PROJECT = 'bench'
export const BENCH_DIRECTOR = 'bench-origin'

export const websiteName = (n: number) => `site-${String(n).padStart(4, '0')}`

/** The `bench` project, its director and `websites` websites, created through the API like a client would. */
export async function prepareBenchProject(api: BenchApi, websites: number, concurrency = 4): Promise<void> {
  await api.post('/api/auth/v0/projects', { name: BENCH_PROJECT, customer: 'acme-retail' })
  await api.post(`/api/core/v0/projects/${BENCH_PROJECT}/directors`, {
    name: BENCH_DIRECTOR,
    backends: [{ host: 'origin.bench.example.com', port: 443 }],
  })
  const numbers = Array.from({ length: websites }, (_, i) => i + 1)
  await inParallel(numbers, concurrency, async (n) => {
    const name = websiteName(n)
    await api.post(`/api/core/v0/projects/${BENCH_PROJECT}/websites`, {
      name,
      domain_name: `${name}.bench.example.com`,
      default_director: BENCH_DIRECTOR,
    })
  })
}

/** `body.data` as a list, or an error naming the endpoint. */
export function dataList(body: unknown, what: string): unknown[] {
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined
  if (!Array.isArray(data)) throw new Error(`${what}: no data list in the answer`)
  return data
}

/** `body.meta.total` of a list answer. */
export function metaTotal(body: unknown, what: string): number {
  const meta = typeof body === 'object' && body !== null ? (body as { meta?: unknown }).meta : undefined
  const total = typeof meta === 'object' && meta !== null ? (meta as { total?: unknown }).total : undefined
  if (typeof total !== 'number') throw new Error(`${what}: no meta.total in the answer`)
  return total
}
