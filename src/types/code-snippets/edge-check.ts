import { and, eq, inArray } from 'drizzle-orm'
import { ApiError, badRequest } from '../../../server/base/errors.ts'
import type { Db } from '../../../server/db/client.ts'
import { resources } from '../../../server/db/schema.ts'
import { Vcc } from '../../../server/edge/vcc.ts'
import type { DirectorData } from '../directors/fields.ts'
import { compileProject, type Named } from '../edge-program.ts'
import type { IpListData } from '../ip-lists/fields.ts'
import { snippetProblems } from './edge.ts'
import type { CodeSnippetData } from './fields.ts'

/**
 * The compiler this process checks writes with: Varnish's own, when it is installed where the API runs
 * (EDGE.md); `WADP_VCL_CHECK=off` turns the compiler off (the confinement rules still hold).
 */
let vcc: Vcc | null | undefined
function compiler(): Vcc | null {
  if (vcc === undefined) vcc = process.env.WADP_VCL_CHECK === 'off' ? null : Vcc.ofMachine()
  return vcc
}

/** The project's directors and its other global snippets: what a snippet's own VCL may use. */
async function surroundings(db: Db, project: string, except: string) {
  const rows = await db
    .select({ type: resources.type, name: resources.name, data: resources.data })
    .from(resources)
    .where(and(eq(resources.scope, project), inArray(resources.type, ['directors', 'codesnippets', 'iplists'])))
    .orderBy(resources.name)
  const directors = rows.filter((row) => row.type === 'directors') as unknown as Named<DirectorData>[]
  const ipLists = rows.filter((row) => row.type === 'iplists') as unknown as Named<IpListData>[]
  const snippets = rows.filter((row) => row.type === 'codesnippets') as unknown as Named<CodeSnippetData>[]
  const globals = snippets.filter(({ name, data }) => name !== except && data.hook === 'global' && data.enabled)
  return { directors, ipLists, globals }
}

/** "line 2, column 33: …": where in a field's own text, as EDGE.md words it. */
const at = (line: number, column: number, message: string) => `line ${line}, column ${column}: ${message}`

/** A snippet's text that a shared node must not run: 400 on its `content`, each problem with its place. */
export function confineSnippet(content: string): void {
  const problems = snippetProblems(content)
  if (problems.length === 0) return
  const errors = problems.map((problem) => ({
    field: 'content',
    message: at(problem.line, problem.column, problem.message),
  }))
  throw badRequest(`content ${errors[0]?.message}`, errors)
}

/**
 * Refuses (400) a snippet that does not compile in its hook, with the line and column inside its text
 * and the compiler's own words (EDGE.md). It is compiled in a program of its own: the project's directors
 * (which it may use), its global snippets, and itself in its hook, as every node places it (a website
 * that runs it in a hook of its own runs it in the same hook). A write of any other type writes VCL the
 * platform generates from validated fields (tests/server/edge-vcl.test.ts compiles every kind). Backends
 * are given a fixed address: Varnish resolves backend names when it compiles, and whether an origin's
 * name resolves is the node's business, not the form's. When the compiler gives no verdict, twice (it
 * could not start, or ran over its time), the write is refused with 503 and the reason: nothing is
 * stored on a guess.
 */
export async function checkSnippetVcl(db: Db, project: string, name: string, snippet: CodeSnippetData): Promise<void> {
  const vccOfMachine = compiler()
  if (!vccOfMachine || !snippet.enabled) return
  const { directors, ipLists, globals } = await surroundings(db, project, name)
  const { program } = compileProject(
    {
      project,
      websites: [],
      pageRules: [],
      synthetics: [],
      directors,
      ipLists,
      rateLimits: [],
      blocklist: [],
      now: Date.now(),
      snippets: [...globals, { name, data: snippet }],
    },
    () => '127.0.0.1',
  )
  let verdict: Awaited<ReturnType<Vcc['compile']>>
  try {
    verdict = await vccOfMachine.compile(program.text).catch(() => vccOfMachine.compile(program.text))
  } catch (error) {
    // No verdict, twice: nothing is stored on a guess (EDGE.md), and the reason is said.
    const reason = error instanceof Error ? error.message : String(error)
    console.error(`VCL check of snippet ${name} in ${project}: ${reason}`)
    throw new ApiError(503, `Varnish's compiler could not check the snippet (${reason}); nothing was stored, try again`)
  }
  if (verdict.ok) return
  const { line, column, message } = verdict.error
  const place = program.locate(line)
  const said =
    place === null
      ? `the project's VCL does not compile with it (program line ${line}, column ${column}: ${message})`
      : place.name === name
        ? at(place.line, column, message)
        : `global VCL snippet ${place.name}, ${at(place.line, column, message)}`
  throw badRequest(`content ${said}`, [{ field: 'content', message: said }])
}
