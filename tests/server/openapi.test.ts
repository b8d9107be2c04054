import Ajv2020 from 'ajv/dist/2020.js'
import * as v from 'valibot'
import { beforeAll, describe, expect, it } from 'vitest'
import { OpenApiDocument, operationsOf } from '../../src/domain/api-docs.ts'
import { setUpPlatform } from './support.ts'

/**
 * The OpenAPI documents are the API docs page's only source: every operation must read as
 * documentation (a summary, a group, its permission) and every field a caller sends must say what it
 * is. Checked over whatever the five services register, so a route added later is held to it too.
 */
const platform = setUpPlatform()
const SERVICES = ['auth', 'core', 'purge', 'acme', 'stats'] as const

type Schema = {
  type?: string | string[]
  description?: string
  properties?: Record<string, Schema>
  items?: Schema
  additionalProperties?: Schema | boolean
  anyOf?: Schema[]
  oneOf?: Schema[]
  allOf?: Schema[]
}
type Operation = {
  operationId?: string
  summary?: string
  description?: string
  tags?: string[]
  'x-permission'?: string
  parameters?: { name: string; in: string; description?: string; schema: Schema }[]
  requestBody?: { content: Record<string, { schema: Schema }> }
  responses: Record<string, { content?: Record<string, { schema: Schema }>; headers?: Record<string, unknown> }>
}
type Document = {
  openapi: string
  tags?: { name: string }[]
  paths: Record<string, Record<string, Operation>>
  components?: { schemas?: Record<string, Schema> }
}

const documents = new Map<string, Document>()

beforeAll(async () => {
  for (const service of SERVICES) {
    const response = await platform.fetch(`/api/${service}/v0/openapi.json`)
    expect(response.status, `${service} openapi.json`).toBe(200)
    documents.set(service, (await response.json()) as Document)
  }
})

function operations(): { service: string; method: string; path: string; operation: Operation }[] {
  return [...documents].flatMap(([service, doc]) =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ service, method, path, operation })),
    ),
  )
}

/** Every property of an object schema, nested objects, list items and variants included, by dot path. */
function undescribed(schema: Schema | undefined, at: string): string[] {
  if (!schema || typeof schema !== 'object') return []
  const own = Object.entries(schema.properties ?? {}).flatMap(([name, property]) => [
    ...(property.description?.trim() ? [] : [`${at}.${name}`]),
    ...undescribed(property, `${at}.${name}`),
  ])
  const items = undescribed(schema.items, `${at}[]`)
  const values = typeof schema.additionalProperties === 'object' ? undescribed(schema.additionalProperties, at) : []
  const options = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap((option) =>
    undescribed(option, at),
  )
  return [...own, ...items, ...values, ...options]
}

describe('the OpenAPI documents', () => {
  it('are OpenAPI 3.1 with paths from the root and unique operation ids', () => {
    for (const [service, doc] of documents) {
      expect(doc.openapi, service).toBe('3.1.0')
      expect(
        Object.keys(doc.paths).filter((path) => !path.startsWith('/')),
        service,
      ).toEqual([])
      const ids = Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId))
      expect(
        ids.every((id) => typeof id === 'string' && id !== ''),
        service,
      ).toBe(true)
      expect(new Set(ids).size, service).toBe(ids.length)
    }
  })

  it('give every operation a summary, a declared tag and its permission', () => {
    const failures = operations().flatMap(({ service, method, path, operation }) => {
      const declared = new Set((documents.get(service)?.tags ?? []).map((tag) => tag.name))
      const problems = [
        !operation.summary?.trim() && 'no summary',
        !(operation.tags?.length && operation.tags.every((tag) => declared.has(tag))) && 'no declared tag',
        !operation['x-permission']?.trim() && 'no x-permission',
        !operation.description?.includes(operation['x-permission'] ?? '?') && 'description without the permission',
      ].filter(Boolean)
      return problems.map((problem) => `${service} ${method} ${path}: ${problem}`)
    })
    expect(failures).toEqual([])
  })

  it('describe every field of every request body, nested ones included', () => {
    const failures = operations().flatMap(({ service, method, path, operation }) =>
      undescribed(operation.requestBody?.content['application/json']?.schema, `${service} ${method} ${path} body`),
    )
    expect(failures).toEqual([])
  })

  it('describe every path and query parameter', () => {
    const failures = operations().flatMap(({ service, method, path, operation }) =>
      (operation.parameters ?? [])
        .filter((parameter) => !parameter.description?.trim())
        .map((parameter) => `${service} ${method} ${path} ${parameter.in} ${parameter.name}`),
    )
    expect(failures).toEqual([])
  })

  it('name the generic resource operations after the resource and group them under its type', () => {
    const core = documents.get('core') as Document
    const websites = core.paths['/projects/{project}/websites']
    const website = core.paths['/projects/{project}/websites/{name}']
    expect(websites?.get?.summary).toBe('List websites')
    expect(websites?.post?.summary).toBe('Create a website')
    expect(website?.get?.summary).toBe('Get a website')
    expect(website?.delete?.summary).toBe('Delete a website')
    expect(websites?.get?.tags).toEqual(['websites'])
    expect(core.paths['/projects/{project}/pagerules']?.get?.summary).toBe('List page rules')
    expect(documents.get('auth')?.paths['/organizations']?.post?.summary).toBe('Create an organization')
  })

  it('are read whole by the API docs page: every operation, under its tag, with its permission', () => {
    for (const [service, doc] of documents) {
      const groups = operationsOf(service, v.parse(OpenApiDocument, doc))
      const shown = groups.flatMap((group) => group.operations)
      expect(shown.length, service).toBe(operations().filter((op) => op.service === service).length)
      expect(
        shown.filter((op) => op.permission === '' || op.tag === 'other').map((op) => op.id),
        service,
      ).toEqual([])
      expect(new Set(shown.map((op) => op.id)).size, service).toBe(shown.length)
    }
  })

  it('document what a resource endpoint answers, field by field', () => {
    const core = documents.get('core') as Document
    const list = core.paths['/projects/{project}/websites']?.get?.responses['200']?.content?.['application/json']
    const record = list?.schema.properties?.data?.items
    expect(record?.properties).toHaveProperty('domain_name')
    expect(record?.properties).toHaveProperty('revision')
    expect(list?.schema.properties?.meta?.properties).toHaveProperty('total')
    expect(undescribed(record, 'website')).toEqual([])
  })
})

/** What `value` is, its `$ref` (within the document) followed. */
function resolved(doc: Document, value: unknown): Record<string, never> {
  const ref = (value as { $ref?: string }).$ref
  if (!ref) return value as Record<string, never>
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], doc) as Record<string, never>
}

/** Every JSON schema of an operation: its parameters', its body's, and each answer's body and headers. */
function schemasOf(doc: Document, operation: Operation): { where: string; schema: unknown }[] {
  const resolve = (value: unknown) => resolved(doc, value)
  type Media = Record<string, { schema?: unknown }>
  type Response = { content?: Media; headers?: Record<string, { schema?: unknown }> }
  return [
    ...(operation.parameters ?? []).map((parameter) => ({
      where: `parameter ${parameter.name}`,
      schema: parameter.schema,
    })),
    ...Object.entries(operation.requestBody?.content ?? {}).map(([type, media]) => ({
      where: `request ${type}`,
      schema: media.schema,
    })),
    ...Object.entries(operation.responses).flatMap(([status, reference]) => {
      const response = resolve(reference) as Response
      return [
        ...Object.entries(response.content ?? {}).map(([type, media]) => ({
          where: `${status} ${type}`,
          schema: media.schema,
        })),
        ...Object.entries(response.headers ?? {}).map(([name, header]) => ({
          where: `${status} header ${name}`,
          schema: (resolve(header) as { schema?: unknown }).schema,
        })),
      ]
    }),
  ].filter(({ schema }) => schema !== undefined)
}

describe('the OpenAPI documents, as OpenAPI 3.1 defines them', () => {
  it('hold only JSON Schema 2020-12 schemas, the dialect of OpenAPI 3.1', () => {
    // Ajv's 2020-12 meta-schema: a draft-07 tuple (`items: [a, b]` for `prefixItems`) is refused by it.
    const ajv = new Ajv2020({ strict: false })
    const invalid = operations().flatMap(({ service, method, path, operation }) =>
      schemasOf(documents.get(service) as Document, operation).flatMap(({ where, schema }) =>
        ajv.validateSchema(schema as object)
          ? []
          : [`${service} ${method} ${path} ${where}: ${ajv.errorsText(ajv.errors).slice(0, 200)}`],
      ),
    )
    // The schemas the operations share by reference (a stream's events).
    const shared = [...documents].flatMap(([service, doc]) =>
      Object.entries(doc.components?.schemas ?? {}).flatMap(([name, schema]) =>
        ajv.validateSchema(schema as object)
          ? []
          : [`${service} components.schemas.${name}: ${ajv.errorsText(ajv.errors).slice(0, 200)}`],
      ),
    )
    expect([...invalid, ...shared]).toEqual([])
  })

  it('declare every path parameter, resolve every $ref and name only declared security schemes', () => {
    const problems = [...documents].flatMap(([service, doc]) => {
      const full = doc as Document & { components?: { securitySchemes?: Record<string, unknown> } }
      const schemes = Object.keys(full.components?.securitySchemes ?? {})
      const refs: string[] = []
      const collect = (value: unknown): void => {
        if (!value || typeof value !== 'object') return
        const ref = (value as { $ref?: unknown }).$ref
        if (typeof ref === 'string') refs.push(ref)
        for (const inner of Object.values(value)) collect(inner)
      }
      collect(doc)
      const unresolved = refs
        .filter(
          (ref) =>
            !ref.startsWith('#/') ||
            ref
              .slice(2)
              .split('/')
              .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], doc) === undefined,
        )
        .map((ref) => `${service}: ${ref} does not resolve`)
      const perOperation = operations()
        .filter((op) => op.service === service)
        .flatMap(({ method, path, operation }) => {
          const where = `${service} ${method} ${path}`
          const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1])
          const declared = (operation.parameters ?? []) as { name: string; in: string; required?: boolean }[]
          const inPath = declared.filter((parameter) => parameter.in === 'path')
          const security = (operation as { security?: Record<string, unknown>[] }).security ?? []
          return [
            ...templated
              .filter((name) => !inPath.some((parameter) => parameter.name === name && parameter.required === true))
              .map((name) => `${where}: path parameter ${name} not declared as required`),
            ...inPath
              .filter((parameter) => !templated.includes(parameter.name))
              .map((parameter) => `${where}: parameter ${parameter.name} is not in the path`),
            ...declared
              .filter(
                (parameter, i) =>
                  declared.findIndex((other) => other.name === parameter.name && other.in === parameter.in) !== i,
              )
              .map((parameter) => `${where}: parameter ${parameter.name} declared twice`),
            ...security
              .flatMap((requirement) => Object.keys(requirement))
              .filter((scheme) => !schemes.includes(scheme))
              .map((scheme) => `${where}: security scheme ${scheme} not declared`),
            ...Object.keys(operation.responses)
              .filter((status) => !/^[1-5](\d\d|XX)$/.test(status))
              .map((status) => `${where}: response ${status} is no status`),
          ]
        })
      return [...unresolved, ...perOperation]
    })
    expect(problems).toEqual([])
  })
})

/** The schema of a time (or of a time or null), or undefined when it is no string. */
function timeOf(schema: Schema & { format?: string }): (Schema & { format?: string }) | undefined {
  if (schema.type === 'string') return schema
  return schema.anyOf?.find((option) => option.type === 'string')
}

/** Every property an answer carries that names a time the server sets (`…_at`, `at`, `ts`), by where. */
function timesIn(schema: Schema | undefined, at: string): { where: string; schema: Schema & { format?: string } }[] {
  if (!schema || typeof schema !== 'object') return []
  const own = Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    // An expiry is what a caller set (kept as written where a type does not normalise it).
    const isTime = /(^|_)(at|ts)$/.test(name) && name !== 'expires_at'
    const time = isTime ? timeOf(property) : undefined
    return [...(time ? [{ where: `${at}.${name}`, schema: time }] : []), ...timesIn(property, `${at}.${name}`)]
  })
  const nested = [schema.items, ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]
  return [...own, ...nested.flatMap((inner) => timesIn(inner, at))]
}

describe('the times in the answers', () => {
  it('are documented as date-time (RFC 3339, as toISOString writes them), so a generated client reads them as times', () => {
    const plain = operations().flatMap(({ service, method, path, operation }) =>
      Object.entries(operation.responses).flatMap(([status, response]) =>
        timesIn(response.content?.['application/json']?.schema, `${service} ${method} ${path} → ${status}`)
          .filter(({ schema }) => schema.format !== 'date-time')
          .map(({ where }) => where),
      ),
    )
    expect(plain).toEqual([])
  })
})

describe('the creates', () => {
  it('say where what they created is: every 201 carries Location (a call that creates nothing one can read is no 201)', () => {
    const nowhere = operations()
      .filter(({ operation }) => operation.responses['201'] && !operation.responses['201'].headers?.Location)
      .map(({ service, method, path }) => `${service} ${method} ${path}`)
    expect(operations().some(({ operation }) => operation.responses['201'])).toBe(true)
    expect(nowhere).toEqual([])
  })
})

describe('the streams', () => {
  it('describe each event they send: a text/event-stream answer is one of its event kinds, each with its event name and the schema of its data', () => {
    type Kind = Schema & { required?: string[]; properties?: Record<string, Schema & { const?: unknown }> }
    const streams = operations().flatMap(({ service, method, path, operation }) =>
      Object.entries(operation.responses).flatMap(([status, response]) => {
        const media = response.content?.['text/event-stream']
        return media ? [{ where: `${service} ${method} ${path} → ${status}`, doc: documents.get(service), media }] : []
      }),
    )
    expect(streams.length).toBeGreaterThan(0)
    const problems = streams.flatMap(({ where, doc, media }) => {
      const event = resolved(doc as Document, media.schema) as Schema
      const kinds = (event.oneOf ?? []).map((kind) => resolved(doc as Document, kind) as Kind)
      if (kinds.length === 0) return [`${where}: its events are no choice of event kinds`]
      return kinds.flatMap((kind) => {
        const name = kind.properties?.event?.const
        if (typeof name !== 'string') return [`${where}: an event kind without its event name (const)`]
        const data = kind.properties?.data
        const described = data && kind.required?.includes('data') && (data.type || data.properties || data.anyOf)
        return described ? [] : [`${where}: event ${name} without the schema of its data`]
      })
    })
    expect(problems).toEqual([])
  })
})

describe('the conditional requests', () => {
  it('declare the If-None-Match header where an operation answers 304, the only way to be answered one', () => {
    const undeclared = operations()
      .filter(({ operation }) => operation.responses['304'])
      .filter(
        ({ operation }) =>
          !(operation.parameters ?? []).some(
            (parameter) => parameter.in === 'header' && parameter.name.toLowerCase() === 'if-none-match',
          ),
      )
      .map(({ service, method, path }) => `${service} ${method} ${path}`)
    expect(operations().some(({ operation }) => operation.responses['304'])).toBe(true)
    expect(undeclared).toEqual([])
  })
})

describe('the schemas as a generator reads them', () => {
  it('give no choice between two identical schemas (a whole number in an answer is an integer, not anyOf integer twice)', () => {
    const repeated: string[] = []
    const walk = (value: unknown, where: string): void => {
      if (!value || typeof value !== 'object') return
      for (const keyword of ['anyOf', 'oneOf'] as const) {
        const options = (value as Record<string, unknown[] | undefined>)[keyword]
        const texts = (options ?? []).map((option) => JSON.stringify(option))
        if (new Set(texts).size < texts.length) repeated.push(`${where}: ${keyword} ${texts[0]?.slice(0, 80)}`)
      }
      for (const inner of Object.values(value)) walk(inner, where)
    }
    for (const { service, method, path, operation } of operations())
      walk([operation.requestBody, operation.responses], `${service} ${method} ${path}`)
    expect(repeated).toEqual([])
  })
})

describe('the statuses in the answers', () => {
  it('list their values, and so do their sources (a generated client gets them as a union, not any string)', () => {
    const open: string[] = []
    const walk = (schema: Schema | undefined, where: string): void => {
      if (!schema || typeof schema !== 'object') return
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        const text = timeOf(property) as (Schema & { enum?: unknown[]; const?: unknown }) | undefined
        if (/(^|_)(status|state|source)$/.test(name) && text && text.enum === undefined && text.const === undefined)
          open.push(`${where}.${name}`)
        walk(property, `${where}.${name}`)
      }
      for (const inner of [schema.items, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) walk(inner, where)
    }
    for (const { service, method, path, operation } of operations())
      for (const [status, response] of Object.entries(operation.responses))
        walk(response.content?.['application/json']?.schema, `${service} ${method} ${path} → ${status}`)
    expect(open).toEqual([])
  })
})
