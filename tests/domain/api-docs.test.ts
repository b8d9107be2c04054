import { toJsonSchema } from '@valibot/to-json-schema'
import type * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  constraintsOf,
  exampleOf,
  type JsonSchema,
  pathValuesProblem,
  requestPath,
  shapesOf,
  typeLabel,
} from '../../src/domain/api-docs.ts'
import { bodySchema } from '../../src/domain/resource-body.ts'
import { DirectorFields } from '../../src/types/directors/fields.ts'
import { PageRuleFields } from '../../src/types/page-rules/fields.ts'

/** The request body schema of a type as openapi.json carries it. */
const documented = (schema: v.GenericSchema) =>
  toJsonSchema(schema, { errorMode: 'ignore', typeMode: 'input' }) as JsonSchema

describe('the API docs rules', () => {
  it('name a type in words: nullable, lists, whole numbers that take digit strings, variants', () => {
    const director = documented(bodySchema(DirectorFields, 'create'))
    const properties = director.properties ?? {}
    expect(typeLabel(properties.waf_config as JsonSchema)).toBe('string or null')
    expect(typeLabel(properties.backends as JsonSchema)).toBe('list of object')
    const port = (properties.backends as JsonSchema).items?.properties?.port as JsonSchema
    expect(typeLabel(port)).toBe('integer or string')
    expect(constraintsOf(port)).toEqual(['1–65535', 'pattern ^-?\\d+$'])
    const rule = documented(bodySchema(PageRuleFields, 'create'))
    expect(typeLabel(rule.properties?.action as JsonSchema)).toBe('one of 4 shapes')
    expect(shapesOf(rule.properties?.action as JsonSchema).map((shape) => shape.properties?.kind?.const)).toEqual([
      'cache',
      'redirect',
      'director',
      'synthetic',
    ])
  })

  it('start a body from what must be sent: required fields, their lower bounds, lists with their minimum', () => {
    const director = documented(bodySchema(DirectorFields, 'create'))
    expect(exampleOf(director)).toEqual({ name: '', backends: [{ host: '', port: 1 }] })
    expect(exampleOf({ type: 'string', default: 'round_robin' })).toBe('round_robin')
    expect(exampleOf({ enum: ['url', 'all'] })).toBe('url')
  })

  it('keep every path value one segment under the service and leave empty query parameters out', () => {
    expect(
      requestPath('/projects/{project}/websites/{name}', { project: 'shop', name: 'a/b?c' }, { q: '', page: '2' }),
    ).toBe('/projects/shop/websites/a%2Fb%3Fc?page=2')
    expect(pathValuesProblem({ project: '' })).toBe('Fill in {project}.')
    expect(pathValuesProblem({ project: '..' })).toBe('{project} cannot be . or ..')
    expect(pathValuesProblem({ project: 'shop' })).toBeNull()
  })
})
