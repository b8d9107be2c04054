/**
 * The comments a project's VCL brackets each resource's piece with (`# wadp-begin VCL snippet cart`,
 * `# wadp-end VCL snippet cart`), so that a node, which has only the VCL text, can say which snippet or
 * rule an error of Varnish's falls in instead of its own file's name and line (EDGE.md: the node's
 * message shows the compiler's words). Written by compileProject, read by the edge agent.
 */

const BEGIN = '# wadp-begin '
const END = '# wadp-end '

/** A resource's piece of VCL as the program holds it: `what` names it (`page rule api-cache`). */
export function piece(what: string, vcl: string): string {
  return vcl === '' ? '' : `${BEGIN}${what}\n${vcl}\n${END}${what}`
}

/** The lines that open and close a piece, for a program written line by line. */
export const pieceLines = (what: string) => ({ begin: `${BEGIN}${what}`, end: `${END}${what}` })

/**
 * The innermost piece that program line `line` (from 1) falls in, and the line within it (the first line
 * after its opening comment is 1); null when the line is the platform's own VCL. A piece closes only at
 * its own closing comment (a tenant's text cannot close the piece it is in by writing another's).
 */
export function pieceAt(vcl: string, line: number): { what: string; line: number } | null {
  const lines = vcl.split('\n')
  const open: { what: string; at: number }[] = []
  for (let index = 0; index < Math.min(line - 1, lines.length); index += 1) {
    const text = (lines[index] ?? '').trim()
    if (text.startsWith(BEGIN)) open.push({ what: text.slice(BEGIN.length), at: index + 1 })
    else if (text.startsWith(END)) {
      const what = text.slice(END.length)
      const at = open.findLastIndex((one) => one.what === what)
      if (at !== -1) open.splice(at)
    }
  }
  const inner = open.at(-1)
  return inner ? { what: inner.what, line: line - inner.at } : null
}
