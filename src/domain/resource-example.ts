import type * as v from 'valibot'

/**
 * A resource type's examples for the OpenAPI documents, written once in `src/types/<type>/example.ts`
 * (exported as `example`): `npm run types` lists it beside the type's server definition, and the generic
 * routes show it (`server/http/resource-examples.ts`):
 * - the create's request body is `create`; the PATCH's is `update`; the PUT's is `create` with `update`'s
 *   fields over it (a PATCH changes the top-level fields it sends, a PUT the whole resource);
 * - the answers are the record the server keeps of them: the body with its defaults filled in, the common
 *   fields, and `answer`'s read-only fields (and `read`'s in a GET's or a list's).
 *
 * Every example must be true of the demo platform (server/seed.ts): it names the resources the seed
 * creates (the `shop` project, its `shop-origin` director…) and none of its own names or domains is
 * taken there. tests/server/generated-client.test.ts creates, replaces and changes each type with the
 * documented bodies, so an example the server refuses fails it.
 */
export type ResourceExample = {
  /** A create body (POST): a plausible resource, with the fields a caller would set. */
  create: Record<string, unknown>
  /** A PATCH body: the fields a caller would change later, at the top level. */
  update: Record<string, unknown>
  /** The read-only fields the server adds to the record it answers with (derived, maintained). */
  answer?: Record<string, unknown>
  /** What only the GET and list answers add: a field read through a reference (a project's organization). */
  read?: Record<string, unknown>
  /** What only the create's answer carries: a secret shown once. */
  revealed?: Record<string, unknown>
  /**
   * Request bodies of the type's own actions (`routes.ts`), by method and path as they are declared:
   * `post /projects/:project/iplists/:name/import`.
   */
  actions?: Record<string, unknown>
}

/** The fields a body of the type may hold: its own fields' input, and the common ones. */
type Body<F extends v.GenericSchema> = v.InferInput<F> & {
  name?: string
  /** The key of a type named by a field of its own (a user's e-mail). */
  email?: string
  display_name?: string | null
}

/**
 * A type's examples, checked by the compiler against its fields schema (a misspelt field does not
 * compile); the server checks them again against the body schemas when it documents them.
 */
export function resourceExample<F extends v.GenericSchema>(
  _fields: F,
  example: {
    create: Body<F>
    update: Partial<Body<F>>
    answer?: Record<string, unknown>
    read?: Record<string, unknown>
    revealed?: Record<string, unknown>
    actions?: Record<string, unknown>
  },
): ResourceExample {
  return example as ResourceExample
}
