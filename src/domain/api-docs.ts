import * as v from 'valibot'

/**
 * What the API docs page reads from a service's OpenAPI document (`/api/{svc}/v0/openapi.json`, made by
 * `server/http/service.ts`), and the pure rules it renders with: grouping, the filter, a schema's
 * type in words, an example body, the URL a "Try it" calls.
 */

/** A JSON Schema as the generator emits it: only the keywords the page shows. */
export type JsonSchema = {
  type?: string | string[]
  description?: string
  title?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  additionalProperties?: JsonSchema | boolean
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  enum?: unknown[]
  const?: unknown
  default?: unknown
  examples?: unknown[]
  format?: string
  pattern?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  minItems?: number
  maxItems?: number
  uniqueItems?: boolean
  $ref?: string
}

const Schema = v.custom<JsonSchema>((value) => typeof value === 'object' && value !== null && !Array.isArray(value))

const Parameter = v.object({
  name: v.string(),
  in: v.string(),
  required: v.optional(v.boolean(), false),
  description: v.optional(v.string()),
  schema: v.optional(Schema, {}),
})

const Content = v.optional(
  v.record(v.string(), v.object({ schema: v.optional(Schema), example: v.optional(v.unknown()) })),
)

const OperationObject = v.object({
  operationId: v.optional(v.string()),
  summary: v.optional(v.string(), ''),
  description: v.optional(v.string(), ''),
  tags: v.optional(v.array(v.string()), []),
  'x-permission': v.optional(v.string(), ''),
  parameters: v.optional(v.array(Parameter), []),
  requestBody: v.optional(v.object({ content: Content })),
  responses: v.optional(
    v.record(
      v.string(),
      v.object({ description: v.optional(v.string()), content: Content, $ref: v.optional(v.string()) }),
    ),
    {},
  ),
})

/** The parts of an OpenAPI 3.1 document the page uses; anything else in it is ignored. */
export const OpenApiDocument = v.object({
  openapi: v.string(),
  info: v.object({ title: v.string(), version: v.string() }),
  tags: v.optional(v.array(v.object({ name: v.string(), description: v.optional(v.string()) })), []),
  paths: v.record(v.string(), v.record(v.string(), v.unknown())),
  components: v.optional(v.object({ responses: v.optional(v.record(v.string(), v.unknown())) })),
})
export type OpenApiDocument = v.InferOutput<typeof OpenApiDocument>

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const
export type HttpMethod = (typeof HTTP_METHODS)[number]

export type ApiParameter = v.InferOutput<typeof Parameter>

export type ApiOperation = {
  /** Unique on the page, and the anchor of the operation's deep link. */
  id: string
  service: string
  method: HttpMethod
  path: string
  summary: string
  description: string
  tag: string
  permission: string
  parameters: ApiParameter[]
  body: JsonSchema | null
  /** The request body the document gives as its example (`src/types/<type>/example.ts`), if any. */
  bodyExample?: unknown
  responses: { status: string; description: string; schema: JsonSchema | null }[]
}

export type ApiTagGroup = { tag: string; operations: ApiOperation[] }

const jsonSchemaIn = (content: v.InferOutput<typeof Content>) => content?.['application/json']?.schema ?? null

type Responses = v.InferOutput<typeof OperationObject>['responses']

/** An operation's answers; the statuses that share one (the error format) are listed together. */
function responsesOf(responses: Responses, shared: Record<string, { description?: string; content?: never }>) {
  const listed: ApiOperation['responses'] = []
  const byRef = new Map<string, ApiOperation['responses'][number]>()
  for (const [status, response] of Object.entries(responses)) {
    const same = response.$ref ? byRef.get(response.$ref) : undefined
    if (same) {
      same.status = `${same.status}, ${status}`
      continue
    }
    const target = response.$ref ? shared[response.$ref.split('/').pop() ?? ''] : response
    const entry = {
      status,
      description: target?.description ?? '',
      schema: jsonSchemaIn(target?.content as v.InferOutput<typeof Content>),
    }
    if (response.$ref) byRef.set(response.$ref, entry)
    listed.push(entry)
  }
  return listed
}

/** A service's operations, grouped by tag in the order the document declares its tags. */
export function operationsOf(service: string, document: OpenApiDocument): ApiTagGroup[] {
  const shared = (document.components?.responses ?? {}) as Record<string, { description?: string; content?: never }>
  const operations: ApiOperation[] = []
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const parsed = v.safeParse(OperationObject, methods[method])
      if (!parsed.success) continue
      const op = parsed.output
      const operationId = op.operationId ?? `${method}${path.replace(/[^a-zA-Z0-9]+/g, '-')}`
      operations.push({
        id: `${service}-${operationId}`,
        service,
        method,
        path,
        summary: op.summary || `${method.toUpperCase()} ${path}`,
        description: op.description,
        tag: op.tags[0] ?? 'other',
        permission: op['x-permission'],
        parameters: op.parameters,
        body: jsonSchemaIn(op.requestBody?.content),
        bodyExample: op.requestBody?.content?.['application/json']?.example,
        responses: responsesOf(op.responses, shared),
      })
    }
  }
  const order = [...document.tags.map((tag) => tag.name), ...operations.map((op) => op.tag)]
  const tags = [...new Set(order)].filter((tag) => operations.some((op) => op.tag === tag))
  return tags.map((tag) => ({ tag, operations: operations.filter((op) => op.tag === tag) }))
}

/** Whether an operation matches the filter: every word somewhere in its method, path, summary, tag or permission. */
export function matchesFilter(operation: ApiOperation, filter: string): boolean {
  const haystack = [operation.method, operation.path, operation.summary, operation.tag, operation.permission]
    .join(' ')
    .toLowerCase()
  return filter
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word))
}

/** The options of a union, without the `null` a nullable field adds. */
function optionsOf(schema: JsonSchema): { options: JsonSchema[]; nullable: boolean } {
  const all = schema.anyOf ?? schema.oneOf ?? []
  const options = all.filter((option) => option.type !== 'null')
  return { options, nullable: options.length < all.length }
}

/** A schema's type in words: `string`, `list of object`, `integer or null`, `one of 3 shapes`. */
export function typeLabel(schema: JsonSchema): string {
  if (schema.const !== undefined) return `constant ${JSON.stringify(schema.const)}`
  if (schema.anyOf || schema.oneOf) {
    const { options, nullable } = optionsOf(schema)
    const objects = options.filter((option) => option.properties)
    const inner =
      objects.length > 1
        ? `one of ${objects.length} shapes`
        : [...new Set(options.map(typeLabel))].join(' or ') || 'any value'
    return nullable ? `${inner} or null` : inner
  }
  const types = [schema.type ?? (schema.properties ? 'object' : schema.enum ? 'value' : 'any value')].flat()
  return types
    .map((type) => (type === 'array' ? `list of ${schema.items ? typeLabel(schema.items) : 'any value'}` : type))
    .join(' or ')
}

/** The limits a value must keep, in words: `1-63 characters`, `at most 65535`, `pattern ^[a-z]+$`. */
export function constraintsOf(schema: JsonSchema): string[] {
  const found: string[] = []
  const range = (min: number | undefined, max: number | undefined, unit: string) => {
    if (min !== undefined && max !== undefined) found.push(`${min}–${max}${unit}`)
    else if (min !== undefined) found.push(`at least ${min}${unit}`)
    else if (max !== undefined) found.push(`at most ${max}${unit}`)
  }
  range(schema.minLength, schema.maxLength, ' characters')
  range(schema.minimum, schema.maximum, '')
  range(schema.minItems, schema.maxItems, ' items')
  if (schema.exclusiveMinimum !== undefined) found.push(`above ${schema.exclusiveMinimum}`)
  if (schema.exclusiveMaximum !== undefined) found.push(`below ${schema.exclusiveMaximum}`)
  if (schema.uniqueItems) found.push('each item once')
  if (schema.format) found.push(`format ${schema.format}`)
  if (schema.pattern) found.push(`pattern ${schema.pattern}`)
  // A whole number that also takes a digit string keeps its bounds on the number's option.
  const scalars = optionsOf(schema).options.filter((option) => !option.properties)
  return [...new Set([...found, ...scalars.flatMap(constraintsOf)])]
}

/** The values an enumeration allows, from the schema itself or from its non-null options. */
export function enumValuesOf(schema: JsonSchema): unknown[] {
  if (schema.enum) return schema.enum
  const { options } = optionsOf(schema)
  return options.length === 1 && options[0]?.enum ? options[0].enum : []
}

/** The object options of a variant (a page rule's `action`), each shown as its own shape. */
export function shapesOf(schema: JsonSchema): JsonSchema[] {
  const { options } = optionsOf(schema)
  if (options.length === 1 && options[0]) return shapesOf(options[0])
  if (options.length > 1) return options.filter((option) => option.properties)
  return schema.properties ? [schema] : []
}

const EXAMPLE_DEPTH = 8

/**
 * A value the schema accepts, to start a request body from: a field's default or example where it
 * has one, else the smallest value of its type. Optional fields are left out, so the body shows what
 * must be sent; the defaults fill in the rest on the server.
 */
export function exampleOf(schema: JsonSchema, depth = 0): unknown {
  if (schema.examples?.length) return schema.examples[0]
  if (schema.default !== undefined) return schema.default
  if (schema.const !== undefined) return schema.const
  if (schema.enum?.length) return schema.enum[0]
  if (depth > EXAMPLE_DEPTH) return null
  // A number with its bounds starts at the lowest; a union (a whole number or a digit string) at its first option.
  if (typeof schema.minimum === 'number') return schema.minimum
  const { options } = optionsOf(schema)
  if (schema.anyOf || schema.oneOf) return options[0] ? exampleOf(options[0], depth + 1) : null
  const type = [schema.type].flat()[0] ?? (schema.properties ? 'object' : undefined)
  switch (type) {
    case 'object': {
      const required = new Set(schema.required ?? [])
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([name]) => required.has(name))
          .map(([name, property]) => [name, exampleOf(property, depth + 1)]),
      )
    }
    case 'array':
      return schema.items && (schema.minItems ?? 0) > 0 ? [exampleOf(schema.items, depth + 1)] : []
    case 'string':
      return schema.format === 'email' ? 'someone@example.com' : ''
    case 'integer':
    case 'number':
      return schema.minimum ?? 0
    case 'boolean':
      return false
    default:
      return null
  }
}

/**
 * The path a "Try it" calls under the service's base (`/api/{svc}/v0`): each path parameter encoded
 * as one segment, so no value can leave the operation's path; empty query parameters left out.
 */
export function requestPath(
  path: string,
  pathValues: Record<string, string>,
  queryValues: Record<string, string>,
): string {
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(pathValues[name] ?? ''))
  const query = new URLSearchParams(Object.entries(queryValues).filter(([, value]) => value.trim() !== ''))
  const search = query.toString()
  return `${filled}${search ? `?${search}` : ''}`
}

/**
 * Why path values cannot be sent, or null: each is required, and `.` or `..` would not stay one
 * segment (URLs resolve them, encoded or not, so the request would reach another operation).
 */
export function pathValuesProblem(values: Record<string, string>): string | null {
  for (const [name, value] of Object.entries(values)) {
    if (value.trim() === '') return `Fill in {${name}}.`
    if (value === '.' || value === '..') return `{${name}} cannot be . or ..`
  }
  return null
}

/** One request of a "Try it", and what came back. */
export type TryRequest = {
  service: string
  method: string
  /** The path under the service's base, parameters filled in, with its query string. */
  path: string
  /** JSON text, sent as it is; none for an operation without a body. */
  body?: string
  /** The revision a change or a delete expects (`"3"` or `*`); the only header a caller sets. */
  ifMatch?: string
}
export type TryResponse = { status: number; statusText: string; durationMs: number; contentType: string; text: string }

/** A response body as text to read: JSON pretty-printed, anything else as it came. */
export function readableBody(text: string): string {
  if (text.trim() === '') return ''
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return text
  }
}
