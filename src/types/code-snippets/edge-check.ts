import { and, eq, inArray } from 'drizzle-orm'
import { ApiError, badRequest, conflict } from '../../../server/base/errors.ts'
import type { Db } from '../../../server/db/client.ts'
import { resources } from '../../../server/db/schema.ts'
import { Vcc } from '../../../server/edge/vcc.ts'
import { pcre2Problem } from '../../domain/pcre2.ts'
import { vclRegex } from '../../domain/vcl.ts'
import type { DirectorData } from '../directors/fields.ts'
import { compileProject, type Named } from '../edge-program.ts'
import type { IpListData } from '../ip-lists/fields.ts'
import { initFailureProblem, initFailures, snippetProblems } from './edge.ts'
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

/**
 * The project's directors, IP lists and other enabled snippets: what a snippet's own VCL may use, and
 * what may use it (a global snippet's subroutine that another snippet calls).
 */
async function surroundings(db: Db, project: string, except: string) {
  const rows = await db
    .select({ type: resources.type, name: resources.name, data: resources.data })
    .from(resources)
    .where(and(eq(resources.scope, project), inArray(resources.type, ['directors', 'codesnippets', 'iplists'])))
    .orderBy(resources.name)
  const directors = rows.filter((row) => row.type === 'directors') as unknown as Named<DirectorData>[]
  const ipLists = rows.filter((row) => row.type === 'iplists') as unknown as Named<IpListData>[]
  const snippets = rows.filter((row) => row.type === 'codesnippets') as unknown as Named<CodeSnippetData>[]
  const others = snippets.filter(({ name, data }) => name !== except && data.enabled)
  return { directors, ipLists, others }
}

/** "line 2, column 33: …": where in a field's own text, as EDGE.md words it. */
const at = (line: number, column: number, message: string) => `line ${line}, column ${column}: ${message}`

/** A snippet's text that a shared node must not run: 400 on its `content`, each problem with its place. */
export function confineSnippet(content: string, hook?: string): void {
  const problems = snippetProblems(content, hook)
  if (problems.length === 0) return
  const errors = problems.map((problem) => ({
    field: 'content',
    message: at(problem.line, problem.column, problem.message),
  }))
  throw badRequest(`content ${errors[0]?.message}`, errors)
}

/**
 * Refuses (400 on `content`) a snippet that makes the project's vcl_init reach `return (fail)`: a vcl_init
 * snippet calling a global snippet's subroutine that fails (directly or through others), or a snippet
 * whose subroutine gains the return while a vcl_init snippet calls it. VCC takes both, but no node loads
 * the project then (EDGE.md). Read from the project's enabled snippets' text, with or without Varnish.
 */
export async function confineInit(db: Db, project: string, name: string, snippet: CodeSnippetData): Promise<void> {
  if (!snippet.enabled) return
  const { others } = await surroundings(db, project, name)
  // As a node writes them: a snippet the confinement rules refuse is left out (compileProject).
  const kept = others.filter(({ data }) => snippetProblems(data.content, data.hook).length === 0)
  for (const failure of initFailures([...kept, { name, data: snippet }])) {
    const problem = initFailureProblem(failure, name)
    if (!problem) continue
    const message = at(problem.line, problem.column, problem.message)
    throw badRequest(`content ${message}`, [{ field: 'content', message }])
  }
}

/** What the compiler said of a program, or why it could not say (503: nothing is stored on a guess). */
async function verdictOf(vccOfMachine: Vcc, text: string, what: string, subject = 'the snippet') {
  try {
    return await vccOfMachine.compile(text).catch(() => vccOfMachine.compile(text))
  } catch (error) {
    // No verdict, twice: nothing is stored on a guess (EDGE.md), and the reason is said.
    const reason = error instanceof Error ? error.message : String(error)
    console.error(`VCL check of ${what}: ${reason}`)
    throw new ApiError(503, `Varnish's compiler could not check ${subject} (${reason}); nothing was stored, try again`)
  }
}

/** The check's program: the project's directors, IP lists and `snippets`, each in its hook, as a node places them. */
function checkProgram(
  project: string,
  surrounding: Awaited<ReturnType<typeof surroundings>>,
  snippets: Named<CodeSnippetData>[],
) {
  return compileProject(
    {
      project,
      websites: [],
      pageRules: [],
      synthetics: [],
      directors: surrounding.directors,
      ipLists: surrounding.ipLists,
      rateLimits: [],
      blocklist: [],
      now: Date.now(),
      snippets,
    },
    () => '127.0.0.1',
  ).program
}

/**
 * Refuses (400) a snippet that does not compile in its hook, with the line and column inside its text
 * and the compiler's own words (EDGE.md). It is compiled in a program of its own: the project's directors
 * and IP lists (which it may use), its other enabled snippets (a global one's subroutines it may call, and
 * those that call its own), and itself in its hook, as every node places it (a website that runs it in a
 * hook of its own runs it in the same hook). A write of any other type writes VCL the platform generates
 * from validated fields (tests/server/edge-vcl.test.ts compiles every kind). Backends are given a fixed
 * address: Varnish resolves backend names when it compiles, and whether an origin's name resolves is the
 * node's business, not the form's. When the compiler gives no verdict, twice (it could not start, or ran
 * over its time), the write is refused with 503 and the reason: nothing is stored on a guess.
 */
export async function checkSnippetVcl(db: Db, project: string, name: string, snippet: CodeSnippetData): Promise<void> {
  const vccOfMachine = compiler()
  if (!vccOfMachine) return
  const surrounding = await surroundings(db, project, name)
  // Disabled, it is left out: the others must still compile without it.
  const program = checkProgram(project, surrounding, [
    ...surrounding.others,
    ...(snippet.enabled ? [{ name, data: snippet }] : []),
  ])
  const verdict = await verdictOf(vccOfMachine, program.text, `snippet ${name} in ${project}`)
  if (verdict.ok) return
  const { line, column, message } = verdict.error
  const place = program.locate(line)
  const said =
    place === null
      ? `the project's VCL does not compile with it (program line ${line}, column ${column}: ${message})`
      : place.name === name
        ? at(place.line, column, message)
        : `VCL snippet ${place.name}, ${at(place.line, column, message)}`
  throw badRequest(`content ${said}`, [{ field: 'content', message: said }])
}

/**
 * Refuses (409) deleting a snippet the project's other snippets need (a global one whose subroutine
 * another calls): the nodes could not load the project without it.
 */
export async function checkSnippetDelete(db: Db, project: string, name: string): Promise<void> {
  const vccOfMachine = compiler()
  if (!vccOfMachine) return
  const surrounding = await surroundings(db, project, name)
  const program = checkProgram(project, surrounding, surrounding.others)
  const verdict = await verdictOf(vccOfMachine, program.text, `deleting snippet ${name} in ${project}`)
  if (verdict.ok) return
  const { line, column, message } = verdict.error
  const place = program.locate(line)
  const where =
    place === null
      ? `program line ${line}, column ${column}`
      : `VCL snippet ${place.name}, ${at(place.line, column, message)}`
  throw conflict(`the project's VCL would not compile without it: ${where}${place === null ? `: ${message}` : ''}`)
}

/**
 * Refuses (400 on `field`) a regular expression Varnish's PCRE2 does not compile: the schema can only ask
 * JavaScript's RegExp, which takes many that PCRE2 refuses (`\\u0041`, `[]`, `a{99999}`, a lookbehind of
 * no fixed length…), and one such rule kept the whole project (every website in it) on its last good VCL
 * on every node. Each pattern is read first as PCRE2 reads it (`pcre2Problem`: what it refuses, or syntax
 * the platform does not check, which the configuration nodes get would leave out), with or without
 * Varnish where the API runs; then, where it is (`vccOfMachine`), compiled by VCC as the node writes it
 * (`vclRegex`).
 */
export async function checkRegexVcl(
  field: string,
  patterns: readonly string[],
  vccOfMachine: Vcc | null = compiler(),
): Promise<void> {
  // The pattern at fault is named where there are several; PCRE2's or VCC's words say what is wrong.
  const refuse = (pattern: string | undefined, words: string) => {
    const message = `${patterns.length > 1 && pattern !== undefined ? `${pattern}: ` : ''}is not a regular expression Varnish accepts (${words})`
    return badRequest(`${field} ${message}`, [{ field, message }])
  }
  for (const pattern of patterns) {
    const problem = pcre2Problem(pattern)
    if (problem !== null) throw refuse(pattern, problem)
  }
  if (!vccOfMachine || patterns.length === 0) return
  const lines = patterns.map((pattern) => `  if (req.url ~ ${vclRegex(pattern)}) {}`)
  const program = ['vcl 4.1;', 'backend wadp_none none;', 'sub vcl_recv {', ...lines, '}', ''].join('\n')
  const verdict = await verdictOf(vccOfMachine, program, `the regular expressions of ${field}`, field)
  if (!verdict.ok) throw refuse(patterns[verdict.error.line - 4], verdict.error.message)
}
