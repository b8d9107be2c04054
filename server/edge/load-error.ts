import { pieceAt, pieceLines } from '../../src/domain/vcl-pieces.ts'
import { parseVccOutput } from './vcc.ts'

/**
 * What a node says of a project's VCL that Varnish's compiler refused: the compiler's words placed in
 * the resource they fall in, as the platform's own check says them (`VCL snippet cart, line 2, column 9:
 * …`), instead of varnishadm's text, which names the node's work file and its line (`('/…/p_labs_6.vcl'
 * Line 35 Pos 20)`), of no use to whoever edits the configuration. The piece is found by the comments
 * the VCL writer brackets each resource's VCL with (src/domain/vcl-pieces.ts); a snippet's line is the
 * line in its own text. A vcl_init that fails (a VMOD function's failure at run time in a vcl_init
 * snippet, which no check before storing can see) names the project's vcl_init snippets, Varnish's words
 * after them, instead of only the node's VCL (`VCL "p_shop_6" Failed initialization`). Any other failure
 * (varnishadm's own) is said as it came.
 */
export function loadError(vcl: string, raw: string): string {
  if (raw.includes('Failed initialization')) {
    const names = initSnippets(vcl)
    if (names.length === 1) return `the project's vcl_init snippet ${names[0]} failed: ${raw}`
    if (names.length > 1) return `one of the project's vcl_init snippets (${names.join(', ')}) failed: ${raw}`
    return raw
  }
  if (!raw.includes('Message from VCC-compiler') || !/\('[^']*' Line \d+ Pos \d+\)/.test(raw)) return raw
  const { line, column, message } = parseVccOutput(raw)
  const place = pieceAt(vcl, line)
  if (place === null) return `the VCL the platform writes for the project, line ${line}, column ${column}: ${message}`
  if (place.what.startsWith('VCL snippet ')) return `${place.what}, line ${place.line}, column ${column}: ${message}`
  return `${place.what}: ${message} (line ${place.line}, column ${column} of the VCL written from it)`
}

/**
 * The names of the snippets the project's vcl_init calls, in its order: compileProject writes each as
 * `call snippet_<slug>;` in vcl_init and its sub as `sub snippet_<slug> {` followed by its piece's opening
 * comment, which names it.
 */
function initSnippets(vcl: string): string[] {
  const lines = vcl.split('\n')
  const start = lines.indexOf('sub vcl_init {')
  if (start === -1) return []
  const opening = pieceLines('').begin
  const names: string[] = []
  for (let index = start + 1; index < lines.length && lines[index] !== '}'; index += 1) {
    const call = /^ {2}call (snippet_\w+);$/.exec(lines[index] ?? '')
    if (!call) continue
    const begin = lines[lines.indexOf(`sub ${call[1]} {`) + 1] ?? ''
    if (begin.startsWith(`${opening}VCL snippet `)) names.push(begin.slice(`${opening}VCL snippet `.length))
  }
  return names
}
