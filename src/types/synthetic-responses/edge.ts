import { unsendable, unsentValue, VCL_HEADER_NAME, vclString } from '../../domain/vcl.ts'
import type { SyntheticData } from './fields.ts'
import { syntheticNotEnforced } from './not-enforced.ts'

/** The reason a request is handed to vcl_synth with, naming the synthetic response to answer with. */
export const syntheticReason = (name: string) => `wadp-synthetic:${name}`

/** The statement that answers the request with synthetic response `name` (in vcl_recv). */
export const answerWith = (name: string, synthetic: Pick<SyntheticData, 'status'>) =>
  `return (synth(${synthetic.status}, ${vclString(syntheticReason(name))}));`

const REASONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  301: 'Moved Permanently',
  302: 'Found',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  410: 'Gone',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
}

/**
 * What of a synthetic response stored before the schemas' rules a node cannot write, so leaves out (and
 * says): a content type or a header value holding a control character, a body holding the NUL character
 * (VCL has no way to write it; it broke the whole project's VCL on every node).
 */
function unwritten(synthetic: SyntheticData): string[] {
  return [
    ...(unsendable(synthetic.content_type)
      ? [unsentValue(`its content type ${JSON.stringify(synthetic.content_type)}: sent without a Content-Type`)]
      : []),
    ...synthetic.headers
      .filter((header) => VCL_HEADER_NAME.test(header.name) && unsendable(header.value))
      .map((header) => unsentValue(`the value of the header ${header.name}`)),
    ...(synthetic.body.includes('\u0000')
      ? ['its body (it holds the NUL character, which VCL cannot write: answered with an empty body; edit it)']
      : []),
  ]
}

/** The vcl_synth block that writes synthetic response `name`: status line, headers and body. */
export function syntheticVcl(name: string, synthetic: SyntheticData): { synth: string; notEnforced: string[] } {
  const lines = [
    `  if (resp.reason == ${vclString(syntheticReason(name))}) {`,
    `    set resp.reason = ${vclString(REASONS[synthetic.status] ?? 'Synthetic Response')};`,
    ...(unsendable(synthetic.content_type)
      ? []
      : [`    set resp.http.Content-Type = ${vclString(synthetic.content_type)};`]),
    ...synthetic.headers
      .filter((header) => VCL_HEADER_NAME.test(header.name) && !unsendable(header.value))
      .map((header) => `    set resp.http.${header.name} = ${vclString(header.value)};`),
    `    set resp.body = ${vclString(synthetic.body.includes('\u0000') ? '' : synthetic.body)};`,
    '    return (deliver);',
    '  }',
  ]
  return { synth: lines.join('\n'), notEnforced: [...syntheticNotEnforced(synthetic), ...unwritten(synthetic)] }
}
