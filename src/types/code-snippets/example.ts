import { resourceExample } from '../../domain/resource-example.ts'
import { CodeSnippetFields } from './fields.ts'

/** A header the storefront adds to every response (the OpenAPI documents' examples; src/domain/resource-example.ts). */
export const example = resourceExample(CodeSnippetFields, {
  create: {
    name: 'frame-options',
    display_name: 'Frame options',
    hook: 'vcl_deliver',
    priority: 50,
    comment: 'Keeps other sites from framing our pages',
    content: 'set resp.http.X-Frame-Options = "SAMEORIGIN";',
  },
  update: {
    content:
      'set resp.http.X-Frame-Options = "SAMEORIGIN";\nset resp.http.Permissions-Policy = "camera=(), microphone=()";',
  },
})
