/**
 * A bad-input corpus generated from the five OpenAPI documents, so an operation added later is covered
 * without touching this file. Every operation gets, with the admin's token (so requests pass the
 * permission checks and reach validation): broken and wrongly typed bodies, a wrong value in each body
 * field (and each field of an object field), each field alone with every other missing, huge and
 * non-finite numbers as raw JSON text, NUL and
 * unpaired surrogates, 70 kB strings, 5,000-deep nesting, `__proto__` and `constructor` keys, wrong
 * content types, bad If-Match values, odd query and path parameters. Requests go one after the other
 * over keep-alive connections, so an answer given before a body was read would break the next request
 * (and one test sends large bodies that are answered before they are read, each followed by a request
 * on the same connection).
 *
 * Every answer must be a 4xx JSON error `{message, errors}`, never a 5xx, a reset or a hang. A 2xx is
 * allowed only for a case whose value the documented schema may accept (`mayPass`): the corpus starts
 * from real resources, so such a value can make a valid request. Updates and deletes only ever carry
 * values no schema accepts, so the seeded data the later requests rely on stays as it was.
 */
import { Agent, request } from 'node:http'
import { beforeAll, describe, expect, it } from 'vitest'
import { stableHash } from '../../server/platform/hash.ts'
import { ADMIN_TOKEN, ON_POSTGRES, OPERATOR, readRecorded, setUpPlatform } from './support.ts'

const platform = setUpPlatform()

const SERVICES = ['auth', 'core', 'purge', 'acme', 'stats'] as const
const PROJECT = 'shop'
const LONG = 'x'.repeat(70 * 1024)
const DEEP_ARRAY = `${'['.repeat(5000)}${']'.repeat(5000)}`
const DEEP_OBJECT = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`
/**
 * A request with no answer by then hangs. A valid code snippet is checked by Varnish's compiler before it
 * is stored, one check at a time, each given 20 s and a second try (src/types/code-snippets/edge-check.ts):
 * on a loaded machine a snippet the corpus may create waited over 10 s behind the other lanes' (CI run U).
 */
const TIMEOUT_MS = 45_000
const LANES = 4

type JsonSchema = {
  type?: string | string[]
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  enum?: unknown[]
  const?: unknown
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  pattern?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  minItems?: number
  maxItems?: number
}
type Parameter = { name: string; in: 'path' | 'query'; schema: JsonSchema }
type DocOperation = {
  parameters?: Parameter[]
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } }
}
type Operation = {
  method: string
  /** `/api/core/v0/projects/{project}/directors/{name}` */
  template: string
  pathParams: Parameter[]
  query: Parameter[]
  body: JsonSchema | null
}
type Case = {
  label: string
  method: string
  path: string
  body?: string
  /** Sent in 256 KiB chunks without a length, as a stream of unknown size is. */
  chunked?: boolean
  headers?: Record<string, string>
  /** A value the documented schema may accept: the request may be valid and succeed. */
  mayPass?: boolean
  /**
   * A body refused before the route's handler runs, by the checks every route shares (reading the JSON,
   * its content type, values no field takes, the body's schema): nothing of it reaches the database.
   */
  refusedBeforeHandler?: boolean
}
type Answer = { status: number; body: string; error?: string; reusedSocket: boolean }

/** A value put in a body field as raw JSON text; `invalid` ones no field of any schema may accept. */
type Value = { label: string; raw: string; value?: unknown; invalid?: true }
const value = (label: string, data: unknown): Value => ({ label, raw: JSON.stringify(data), value: data })
const VALUES: Value[] = [
  value('null', null),
  value('42', 42),
  value('true', true),
  value('"text"', 'text'),
  value('""', ''),
  value('70 kB string', LONG),
  value('"__proto__"', '__proto__'),
  value('[]', []),
  value('[null]', [null]),
  value('{}', {}),
  { label: '{"__proto__": …}', raw: '{"__proto__": {"polluted": true}}', value: JSON.parse('{"__proto__": {}}') },
  { label: '1e308', raw: '1e308', value: 1e308 },
  { label: '-1e308', raw: '-1e308', value: -1e308 },
  { label: '9007199254740993', raw: '9007199254740993', value: 9007199254740992 },
  { label: '1e400', raw: '1e400', invalid: true },
  { label: '-1e400', raw: '-1e400', invalid: true },
  { label: 'NUL in a string', raw: '"a\\u0000b"', invalid: true },
  { label: 'unpaired surrogate', raw: '"a\\ud800b"', invalid: true },
  { label: '5,000-deep array', raw: DEEP_ARRAY, invalid: true },
  { label: '5,000-deep object', raw: DEEP_OBJECT, invalid: true },
]
/**
 * The values refused by the same check whichever field they are in: by the walk of the JSON before any
 * schema (the invalid ones), or, where a field's type is no number, for being a number. Each body gets
 * each once.
 */
const DEALT_VALUES = VALUES.filter((v) => v.invalid || ['1e308', '-1e308', '9007199254740993'].includes(v.label))
/** Whether a field's schema takes some number (its bounds aside): an untyped one may. */
function takesNumber(schema: JsonSchema): boolean {
  const options = schema.anyOf ?? schema.oneOf
  if (options) return options.some(takesNumber)
  const types = [schema.type ?? []].flat()
  return types.length === 0 || types.includes('integer') || types.includes('number')
}
/**
 * The values tried in a body that has one field only, every other field missing: values a field of some
 * type takes, so that what is refused is the missing rest (the wrong types are tried in whole bodies).
 */
const ALONE_VALUES = VALUES.filter((v) => ['null', '42', '"text"'].includes(v.label))
/** The smaller set tried in each field of an object field. */
const NESTED_VALUES = VALUES.filter((v) =>
  ['null', '"text"', '42', '[]', '{}', '-1e400', 'NUL in a string', 'unpaired surrogate'].includes(v.label),
)
const WHOLE_BODIES = ['[]', '[{}]', '1', '-1e400', '"text"', 'null', 'true', '"\\u0000"', DEEP_ARRAY, DEEP_OBJECT]
const MALFORMED_BODIES = ['{"name": ', '{} {}', "{'name': 'x'}", '{"name": "x",}', '\u00ff\u00fe{}', 'NaN', '{"a": 01}']
const BAD_IF_MATCH = ['"abc"', 'W/"x"', '*,*', `"${'9'.repeat(70 * 1024)}"`, '', '"0"', '"-1"', '"1", "2"']
/** Odd values for a path parameter, already percent-encoded where they must be. */
const ODD_SEGMENTS = [
  '%00',
  '..%2F..%2Fetc%2Fpasswd',
  '%E0%A4%A',
  '%ED%A0%80',
  'n'.repeat(300),
  LONG,
  '%C3%A9t%C3%A9-%F0%9F%9A%80',
  '__proto__',
  'constructor',
  'UPPER',
]
const ODD_QUERY_VALUES = [
  LONG,
  'x'.repeat(8000),
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%E0%A4%A',
  '-1',
  '0',
  '1e309',
  '99999999999999999999',
  '__proto__',
  '%25',
  '_',
  '%5C',
]

/** Whether the schema might accept the value: true unless a documented rule surely refuses it. */
function mightAccept(schema: JsonSchema | undefined, data: unknown): boolean {
  if (!schema) return true
  if ('const' in schema && schema.const !== data) return false
  if (schema.enum && !schema.enum.some((option) => option === data)) return false
  const options = schema.anyOf ?? schema.oneOf
  if (options && !options.some((option) => mightAccept(option, data))) return false
  const types = options ? [] : [schema.type ?? []].flat()
  if (types.length > 0 && !types.some((type) => hasType(type, data))) return false
  if (typeof data === 'string') {
    if (schema.maxLength !== undefined && data.length > schema.maxLength) return false
    if (schema.minLength !== undefined && data.length < schema.minLength) return false
    if (schema.pattern && !new RegExp(schema.pattern, 'u').test(data)) return false
  }
  // Integer fields take numeric strings from forms too: their bounds apply to the number.
  const number = typeof data === 'string' && /^-?\d+$/.test(data) ? Number(data) : data
  if (typeof number === 'number') {
    if (schema.maximum !== undefined && number > schema.maximum) return false
    if (schema.minimum !== undefined && number < schema.minimum) return false
  }
  if (Array.isArray(data)) {
    if (schema.minItems !== undefined && data.length < schema.minItems) return false
    if (schema.maxItems !== undefined && data.length > schema.maxItems) return false
    if (!data.every((item) => mightAccept(schema.items, item))) return false
  } else if (isObject(data)) {
    if ((schema.required ?? []).some((field) => !(field in data))) return false
    for (const [field, item] of Object.entries(data)) {
      const properties = schema.properties ?? {}
      if (!mightAccept(Object.hasOwn(properties, field) ? properties[field] : undefined, item)) return false
    }
  }
  return true
}

function hasType(type: string, data: unknown): boolean {
  if (type === 'null') return data === null
  if (type === 'array') return Array.isArray(data)
  if (type === 'object') return isObject(data)
  if (type === 'integer') return Number.isInteger(data)
  return typeof data === type
}

function isObject(data: unknown): data is Record<string, unknown> {
  return typeof data === 'object' && data !== null && !Array.isArray(data)
}

async function operations(): Promise<Operation[]> {
  const found: Operation[] = []
  for (const service of SERVICES) found.push(...(await operationsOf(service)))
  return found
}

async function operationsOf(service: (typeof SERVICES)[number]): Promise<Operation[]> {
  const found: Operation[] = []
  {
    const response = await platform.fetch(`/api/${service}/v0/openapi.json`)
    expect(response.status, `${service} openapi.json`).toBe(200)
    const doc = (await response.json()) as { paths: Record<string, Record<string, DocOperation>> }
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const parameters = operation.parameters ?? []
        found.push({
          method: method.toUpperCase(),
          template: `/api/${service}/v0${path}`,
          pathParams: parameters.filter((p) => p.in === 'path'),
          query: parameters.filter((p) => p.in === 'query'),
          body: operation.requestBody?.content['application/json'].schema ?? null,
        })
      }
    }
  }
  return found
}

async function getJson(path: string): Promise<{ status: number; body: Record<string, unknown> | null }> {
  const response = await platform.fetch(path, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
  return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> | null }
}

/** The fields of a record the body schema documents (what a create or an update may carry). */
function documented(record: Record<string, unknown>, schema: JsonSchema): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([field]) => field in (schema.properties ?? {})))
}

/** A minimal body from the schema alone, for operations that are not resources (login, quick setup). */
function sketch(schema: JsonSchema): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  for (const field of schema.required ?? []) {
    const type = [schema.properties?.[field]?.type ?? 'string'].flat()[0]
    body[field] = type === 'array' ? [] : type === 'object' ? {} : type === 'number' || type === 'integer' ? 1 : 'x'
  }
  return body
}

/**
 * What the corpus fills a collection's path with: a real resource of it (the last of its first page,
 * which is never the admin's own user or token) and that resource as GET returns it.
 */
type Target = { name: string; record: Record<string, unknown> | null; revision: unknown }

class Corpus {
  private readonly targets = new Map<string, Target>()
  private fresh = 0

  /** `label` keeps the names this corpus creates apart from another corpus's in the same database. */
  constructor(private readonly label = 'all') {}

  async target(template: string): Promise<Target> {
    const collection = template.replace(/\/\{name\}$/, '').replace('{project}', PROJECT)
    const known = this.targets.get(collection)
    if (known) return known
    const list = await getJson(collection)
    const items = Array.isArray(list.body?.data) ? (list.body.data as Record<string, unknown>[]) : []
    const last = items.at(-1)
    const name = String(last?.name ?? last?.email ?? 'does-not-exist')
    const item = last ? await getJson(`${collection}/${encodeURIComponent(name)}`) : null
    const record = item?.status === 200 ? ((item.body?.data as Record<string, unknown>) ?? null) : null
    const target = { name, record, revision: record?.revision }
    this.targets.set(collection, target)
    return target
  }

  all(): [string, Target][] {
    return [...this.targets.entries()]
  }

  /** A name (or e-mail, for types keyed by one) no resource has yet, so a create can really happen. */
  freshIdentity(body: Record<string, unknown>, schema: JsonSchema): Record<string, unknown> {
    this.fresh += 1
    const properties = schema.properties ?? {}
    if ('name' in properties) return { ...body, name: `bad-input-${this.label}-${this.fresh}` }
    if ('email' in properties) return { ...body, email: `bad-input-${this.label}-${this.fresh}@example.com` }
    return body
  }

  async casesOf(op: Operation): Promise<Case[]> {
    const cases: Case[] = []
    const { method } = op
    const isWrite = ['PUT', 'PATCH', 'DELETE'].includes(method)
    const hasItem = op.template.endsWith('/{name}')
    const target = hasItem || op.body ? await this.target(op.template) : null
    const path = op.template.replace('{project}', PROJECT).replace('{name}', encodeURIComponent(target?.name ?? 'x'))
    const json = { 'content-type': 'application/json' }
    // Updates carry `*`, so their bodies are validated instead of meeting a stale revision first.
    const precondition: Record<string, string> = isWrite ? { 'if-match': '*' } : {}

    let base: Record<string, unknown> = {}
    if (op.body) {
      const record = target?.record
      if (record && method !== 'POST') base = documented(record, op.body)
      else if (record && !hasItem) base = this.freshIdentity(documented(record, op.body), op.body)
      else base = sketch(op.body)
    }
    const creates = method === 'POST'
    // An enabled VCL snippet is compiled by Varnish before it is stored, one at a time, seconds each on a
    // loaded machine: the creates carry a disabled one, which meets every check up to there (the
    // compiler's refusals through the API are tested in tests/server/edge-vcl.test.ts; \`enabled = true\`
    // still sends one enabled).
    if (creates && op.template.endsWith('/codesnippets') && base.enabled === true) base = { ...base, enabled: false }
    const send = (label: string, body: string, mayPass = false, headers: Record<string, string> = json) =>
      cases.push({
        label,
        method,
        path,
        body,
        headers: { ...headers, ...precondition },
        mayPass,
        refusedBeforeHandler: !mayPass,
      })

    if (op.body) {
      for (const body of MALFORMED_BODIES) send(`malformed JSON ${body.slice(0, 12)}`, body)
      for (const body of WHOLE_BODIES) send(`body ${body.slice(0, 12)}`, body)
      const valid = JSON.stringify(creates ? this.freshIdentity(base, op.body) : base)
      send('text/plain', valid, false, { 'content-type': 'text/plain' })
      send('no content type', valid, false, {})
      send('form-encoded', 'name=x&display_name=y', false, { 'content-type': 'application/x-www-form-urlencoded' })
      send('multipart', `--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--b--\r\n`, false, {
        'content-type': 'multipart/form-data; boundary=b',
      })
      send('JSON as multipart', valid, false, { 'content-type': 'multipart/form-data; boundary=b' })
      // Prototype keys beside real fields: ignored or refused, never merged into anything shared.
      for (const key of ['__proto__', 'constructor', 'prototype']) {
        const bodyWith = JSON.stringify(creates ? this.freshIdentity(base, op.body) : base).replace(
          /^\{/,
          `{"${key}": {"polluted": true, "prototype": {"polluted": true}},`,
        )
        // An update with `*` and a valid body would rewrite the target: spoil it with a refused field.
        send(`"${key}" key`, creates ? bodyWith : bodyWith.replace(/^\{/, '{"revision": "x", "nope": 1,'), creates)
      }

      const fields = Object.entries(op.body.properties ?? {})
      // Values that meet the same check in whichever field they are go once into each body, in a field
      // dealt by turns (from the operation's own offset), not into every field: the text no field may take
      // (the walk of the JSON every body meets first refuses it: server/http/service.ts) and the extreme
      // numbers where a field's type is no number (refused for their type, as 42 is). Every other value is
      // tried in every field.
      const offset = stableHash(`${method} ${op.template}`)
      const tried = (index: number, schema: JsonSchema, bad: Value) => {
        const dealtAt = DEALT_VALUES.indexOf(bad)
        if (dealtAt < 0) return true
        if (!bad.invalid && takesNumber(schema)) return true
        return (dealtAt + offset) % fields.length === index
      }
      for (const [index, [field, schema]] of fields.entries()) {
        for (const bad of VALUES.filter((candidate) => tried(index, schema, candidate))) {
          const mayPass = !bad.invalid && mightAccept(schema, bad.value)
          // An update that may pass would rewrite seeded data: updates only carry refused values.
          if (mayPass && !creates) continue
          const body = creates ? this.freshIdentity(base, op.body) : base
          send(`${field} = ${bad.label}`, withRaw(body, [field], bad.raw), mayPass)
        }
        // The field alone, every other one missing (a partial body): it may pass only where the field is
        // all the schema requires; an update carries only values the field surely refuses.
        for (const bad of ALONE_VALUES) {
          const accepted = mightAccept(schema, bad.value)
          if (!creates && accepted) continue
          const onlyRequired = (op.body.required ?? []).every((required) => required === field)
          send(`${field} alone = ${bad.label}`, `{${JSON.stringify(field)}: ${bad.raw}}`, accepted && onlyRequired)
        }
        if (!creates) continue
        // One level down: each field of an object field, and of the first object in a list field.
        const sample = base[field]
        const inList = Array.isArray(sample) && isObject(sample[0])
        const nested = inList ? schema.items?.properties : schema.properties
        const sampleObject = (inList ? (sample as unknown[])[0] : sample) as Record<string, unknown> | undefined
        for (const [inner, innerSchema] of Object.entries(nested ?? {})) {
          for (const bad of NESTED_VALUES) {
            const mayPass = !bad.invalid && mightAccept(innerSchema, bad.value)
            const body = this.freshIdentity(
              { ...base, [field]: inList ? [{ ...sampleObject }] : { ...(isObject(sample) ? sample : {}) } },
              op.body,
            )
            const at = inList ? [field, 0, inner] : [field, inner]
            send(`${field}.${inner} = ${bad.label}`, withRaw(body, at, bad.raw), mayPass)
          }
        }
      }
    }

    if (isWrite) {
      for (const ifMatch of BAD_IF_MATCH) {
        cases.push({
          label: `If-Match ${ifMatch.slice(0, 12) || '(empty)'}`,
          method,
          path,
          ...(op.body ? { body: JSON.stringify(base) } : {}),
          headers: { ...json, 'if-match': ifMatch },
        })
      }
    }

    for (const parameter of op.query) {
      for (const odd of ODD_QUERY_VALUES) {
        cases.push({
          label: `?${parameter.name}=${odd.slice(0, 12)}`,
          method,
          path: `${path}?${parameter.name}=${odd}`,
          mayPass: mightAccept(parameter.schema, decoded(odd)),
        })
      }
      cases.push({ label: `?${parameter.name} twice`, method, path: `${path}?${parameter.name}=1&${parameter.name}=2` })
    }

    for (const parameter of op.pathParams) {
      for (const odd of ODD_SEGMENTS) {
        // An e-mail key (users) gets the odd text as its local part, so the rest reads as an address.
        const isEmail = JSON.stringify(parameter.schema).includes('"email"')
        const oddPath = op.template
          .replace(`{${parameter.name}}`, isEmail ? `${odd}%40example.com` : odd)
          .replace('{project}', PROJECT)
          .replace('{name}', encodeURIComponent(target?.name ?? 'x'))
        cases.push({
          label: `{${parameter.name}} = ${odd.slice(0, 12)}`,
          method,
          path: oddPath,
          ...(op.body ? { body: JSON.stringify(base), headers: { ...json, ...precondition } } : {}),
          ...(isWrite && !op.body ? { headers: { 'if-match': '"0"' } } : {}),
        })
      }
    }
    if (method === 'GET') {
      // Whatever a route does not document is ignored: prototype names as parameters, a body on a GET.
      cases.push({
        label: 'prototype names as parameters',
        method,
        path: `${path}?__proto__=1&constructor=2`,
        mayPass: true,
      })
      cases.push({ label: 'a body on a GET', method, path, body: DEEP_OBJECT, headers: json, mayPass: true })
    }
    return cases
  }
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** The body's JSON with `raw` (any JSON text, even one JSON.stringify cannot make) at `at`. */
function withRaw(body: Record<string, unknown>, at: (string | number)[], raw: string): string {
  const marker = '@@bad-input-value@@'
  const copy = structuredClone(body) as Record<string, unknown>
  let holder: Record<string | number, unknown> = copy
  for (const step of at.slice(0, -1)) holder = holder[step] as Record<string | number, unknown>
  holder[at.at(-1) as string | number] = marker
  return JSON.stringify(copy).replace(`"${marker}"`, () => raw)
}

/** Every connection a request went out on: a request on one of them went on a reused connection. */
const usedSockets = new WeakSet<object>()

function send(agent: Agent, item: Case): Promise<Answer> {
  const { port } = new URL(platform.url)
  return new Promise((resolve) => {
    let reusedSocket = false
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: item.method,
        path: item.path,
        agent,
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: {
          authorization: `Bearer ${ADMIN_TOKEN}`,
          ...(item.body === undefined ? {} : bodyHeaders(item)),
          ...item.headers,
        },
      },
      (res) =>
        // Checked against the documents as every answer of `platform.call` is.
        readRecorded(
          platform,
          item,
          res,
          (status, body) => resolve({ status, body, reusedSocket }),
          (error, body) => resolve({ status: 0, body, error: error.message, reusedSocket }),
        ),
    )
    req.on('socket', (socket) => {
      reusedSocket = usedSockets.has(socket)
      usedSockets.add(socket)
    })
    req.on('error', (error) => resolve({ status: 0, body: '', error: error.message, reusedSocket }))
    const body = item.body ?? ''
    const step = item.chunked ? 256 * 1024 : body.length || 1
    for (let at = 0; at < body.length; at += step) req.write(body.slice(at, at + step))
    req.end()
  })
}

function bodyHeaders(item: Case): Record<string, string> {
  if (item.chunked) return { 'transfer-encoding': 'chunked' }
  return { 'content-length': String(Buffer.byteLength(item.body ?? '')) }
}

function problemWith(item: Case, answer: Answer): string | null {
  const where = `${item.method} ${item.path.slice(0, 90)} [${item.label}]`
  if (answer.error) return `${where}: ${answer.error}${answer.reusedSocket ? ' (on a reused connection)' : ''}`
  if (answer.status >= 500) return `${where}: ${answer.status} ${answer.body.slice(0, 160)}`
  if (answer.status < 400 && !item.mayPass) return `${where}: accepted (${answer.status}) ${answer.body.slice(0, 100)}`
  if (item.method === 'HEAD' || answer.status === 204) return null
  let parsed: { message?: unknown; errors?: unknown }
  try {
    parsed = JSON.parse(answer.body)
  } catch {
    return `${where}: ${answer.status} answered with a body that is not JSON: ${answer.body.slice(0, 80)}`
  }
  if (answer.status >= 400 && (typeof parsed.message !== 'string' || !Array.isArray(parsed.errors))) {
    return `${where}: ${answer.status} without {message, errors}: ${answer.body.slice(0, 120)}`
  }
  return null
}

/** Sends the cases over a few keep-alive connections, each carrying its share one after the other. */
async function sendAll(cases: Case[]) {
  const problems: string[] = []
  const statuses = new Map<number, number>()
  await Promise.all(
    Array.from({ length: LANES }, async (_, lane) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 })
      for (let i = lane; i < cases.length; i += LANES) {
        const item = cases[i] as Case
        const answer = await send(agent, item)
        const problem = problemWith(item, answer)
        if (problem) problems.push(problem)
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
      }
      agent.destroy()
    }),
  )
  return { problems, statuses }
}

/**
 * Each service's operations dealt out in turns into parts that take about the same time, one test each,
 * so that no test carries the whole corpus (over 5,000 requests) near its time-out and a failure names
 * its part; an operation added later joins a part by itself. The auth service's operations are the
 * slowest to answer (about 60 % of the time on PGlite), the core service's the most numerous.
 */
const PARTS_OF = { auth: 6, core: 8, purge: 1, acme: 1, stats: 1 } as const
/**
 * On PostgreSQL the corpus sends what reaches a route's handler, and so the database: bodies a schema
 * may accept, odd path and query parameters, bad If-Match values. The bodies refused before any handler
 * (about 60 % of the corpus) meet the same code on either database, and are sent on PGlite only; they
 * took 100-120 s of a loaded CI run's PostgreSQL pass (docs/benchmarks.md, "CI on a busy machine").
 */
const PARTS = SERVICES.flatMap((service) =>
  Array.from({ length: PARTS_OF[service] }, (_, part) => ({ service, part, of: PARTS_OF[service] })),
)

describe('bad input generated from the OpenAPI documents', () => {
  beforeAll(async () => {
    // A token besides the admin's, so the token the corpus aims its updates at is never the one it uses.
    await platform.tokenFor(OPERATOR, ['wadp.websites.list'])
  })

  it('covers every operation of the five documents, with a corpus invalid on its face', async () => {
    const ops = await operations()
    const corpus = new Corpus()
    const cases: Case[] = []
    for (const op of ops) cases.push(...(await corpus.casesOf(op)))
    expect(ops.length).toBeGreaterThan(100)
    expect(cases.length).toBeGreaterThan(5000)
    // Most of the corpus is invalid on its face: few cases are allowed to pass.
    expect(cases.filter((item) => item.mayPass).length / cases.length).toBeLessThan(0.1)
    // Every part of the tests below has its share.
    for (const { service, part, of } of PARTS) {
      const own = ops.filter((op) => op.template.startsWith(`/api/${service}/`))
      expect(own.filter((_, index) => index % of === part).length, `${service} part ${part + 1}`).toBeGreaterThan(0)
    }
    // Building the whole corpus reads every document and every collection's target, one after the other:
    // 4-10 s in loaded runs, 16.5 and 20.9 s in the PostgreSQL pass of two (runs Q and W).
  }, 120_000)

  for (const { service, part, of } of PARTS) {
    const title = of > 1 ? `${service} (part ${part + 1} of ${of})` : service
    it(`${title}: a 4xx JSON error for every operation, never a 5xx, a reset or a hang, over keep-alive connections`, async () => {
      const ops = (await operationsOf(service)).filter((_, index) => index % of === part)
      const corpus = new Corpus(`${service}-${part + 1}`)
      const cases: Case[] = []
      for (const op of ops) cases.push(...(await corpus.casesOf(op)))
      const sent = ON_POSTGRES ? cases.filter((item) => !item.refusedBeforeHandler) : cases
      expect(sent.length).toBeGreaterThan(0)

      const { problems, statuses } = await sendAll(sent)
      expect(problems).toEqual([])
      // And most of it got past routing and permissions into validation, where the corpus aims (over 80 %
      // of the whole corpus; some parts of the auth service, whose sign-in answers a bad token with 401 and
      // whose look-ups by e-mail answer 404, about 60 %).
      if (!ON_POSTGRES) expect(statuses.get(400) ?? 0).toBeGreaterThan(cases.length * 0.5)

      // No refused update or delete touched the resources it aimed at, and nothing polluted a prototype.
      for (const [collection, target] of corpus.all()) {
        if (!target.record) continue
        const now = await getJson(`${collection}/${encodeURIComponent(target.name)}`)
        expect(now.status, `${collection}/${target.name} still there`).toBe(200)
        expect((now.body?.data as { revision?: unknown })?.revision, `${collection}/${target.name}`).toBe(
          target.revision,
        )
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
      expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined()
    }, 120_000)
  }

  it('keeps a keep-alive connection usable after answering before reading a large body', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const three = 'a'.repeat(3_000_000)
    const json = { 'content-type': 'application/json' }
    const directors = `/api/core/v0/projects/${PROJECT}/directors`
    const early: Case[] = [
      {
        label: 'over the 4 MiB limit',
        method: 'POST',
        path: directors,
        body: 'b'.repeat(5 * 1024 * 1024),
        headers: json,
      },
      {
        label: 'no token',
        method: 'PUT',
        path: `${directors}/shop-origin`,
        body: three,
        headers: { ...json, authorization: '' },
      },
      { label: 'no If-Match', method: 'PUT', path: `${directors}/shop-origin`, body: three, headers: json },
      { label: 'unknown project', method: 'PATCH', path: '/api/core/v0/projects/nope/directors/x', body: three },
    ]
    for (const item of early) {
      const first = await send(agent, item)
      expect(first.status, item.label).toBeGreaterThanOrEqual(400)
      expect(first.status, item.label).toBeLessThan(500)
      const next = await send(agent, { label: 'next', method: 'GET', path: directors })
      expect(next, `the request after "${item.label}"`).toMatchObject({ status: 200, reusedSocket: true })
    }
    agent.destroy()
  }, 60_000)
})
