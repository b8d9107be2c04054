import { pieceAt } from '../../src/domain/vcl-pieces.ts'
import { parseVccOutput } from './vcc.ts'

/**
 * What a node says of a project's VCL that Varnish's compiler refused: the compiler's words placed in
 * the resource they fall in, as the platform's own check says them (`VCL snippet cart, line 2, column 9:
 * …`), instead of varnishadm's text, which names the node's work file and its line (`('/…/p_labs_6.vcl'
 * Line 35 Pos 20)`), of no use to whoever edits the configuration. The piece is found by the comments
 * the VCL writer brackets each resource's VCL with (src/domain/vcl-pieces.ts); a snippet's line is the
 * line in its own text. Any other failure (a vcl_init that fails, varnishadm's own) is said as it came.
 */
export function loadError(vcl: string, raw: string): string {
  if (!raw.includes('Message from VCC-compiler') || !/\('[^']*' Line \d+ Pos \d+\)/.test(raw)) return raw
  const { line, column, message } = parseVccOutput(raw)
  const place = pieceAt(vcl, line)
  if (place === null) return `the VCL the platform writes for the project, line ${line}, column ${column}: ${message}`
  if (place.what.startsWith('VCL snippet ')) return `${place.what}, line ${place.line}, column ${column}: ${message}`
  return `${place.what}: ${message} (line ${place.line}, column ${column} of the VCL written from it)`
}
