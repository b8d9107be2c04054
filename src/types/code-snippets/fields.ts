import * as v from 'valibot'
import { integer } from '../../domain/common.ts'
import { objectMessage } from '../../domain/field-rules.ts'

/** The VCL subroutines a snippet can be added to; `global` goes outside every subroutine. */
export const VCL_HOOKS = [
  'vcl_recv',
  'vcl_hash',
  'vcl_hit',
  'vcl_miss',
  'vcl_pass',
  'vcl_backend_fetch',
  'vcl_backend_response',
  'vcl_backend_error',
  'vcl_deliver',
  'vcl_synth',
  'vcl_init',
  'global',
] as const
export type VclHook = (typeof VCL_HOOKS)[number]

/** The largest snippet, in UTF-8 bytes. */
export const CODE_SNIPPET_MAX_BYTES = 1024 * 1024

/** A piece of VCL the nodes add to a hook of the generated configuration, by priority, lower first. */
export const CodeSnippetFields = v.object(
  {
    hook: v.pipe(
      v.picklist(VCL_HOOKS, 'must be one of the VCL hooks, such as vcl_recv, or global'),
      v.description('The VCL subroutine it is added to; global goes outside every subroutine'),
    ),
    priority: v.optional(v.pipe(integer(0, 999), v.description('Order within the hook, lower first')), 100),
    // A blank snippet would change nothing but still be applied and versioned; refuse it.
    content: v.pipe(
      v.string('must be a string'),
      v.check((value) => value.trim() !== '', 'must not be empty'),
      v.maxBytes(CODE_SNIPPET_MAX_BYTES, 'must be at most 1 MiB'),
      v.description('The VCL code, at most 1 MiB'),
    ),
    enabled: v.optional(
      v.pipe(v.boolean('must be true or false'), v.description('Off leaves it out of the configuration')),
      true,
    ),
    comment: v.optional(
      v.pipe(
        v.string('must be a string'),
        v.maxLength(1000, 'at most 1000 characters'),
        v.description('What it is for'),
      ),
      '',
    ),
  },
  objectMessage,
)
export type CodeSnippetInput = v.InferInput<typeof CodeSnippetFields>
export type CodeSnippetData = v.InferOutput<typeof CodeSnippetFields>
