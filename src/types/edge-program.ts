import type { NotEnforced } from '../domain/edge-node.ts'
import { VclProgram, vclName, vclString } from '../domain/vcl.ts'
import { piece, pieceLines } from '../domain/vcl-pieces.ts'
import { blocklistVcl } from './blocklist/edge.ts'
import type { BlocklistData } from './blocklist/fields.ts'
import { byPriority, initFailureProblem, initFailures, snippetProblems } from './code-snippets/edge.ts'
import type { CodeSnippetData, VclHook } from './code-snippets/fields.ts'
import { type AddressOf, type DirectorVcl, directorVcl } from './directors/edge.ts'
import type { DirectorData } from './directors/fields.ts'
import { ipListVcl } from './ip-lists/edge.ts'
import type { IpListData } from './ip-lists/fields.ts'
import { pageRuleNotEnforced, pageRuleVcl } from './page-rules/edge.ts'
import type { PageRuleData } from './page-rules/fields.ts'
import { rateLimitVcl } from './rate-limits/edge.ts'
import type { RateLimitData } from './rate-limits/fields.ts'
import { answerWith, syntheticVcl } from './synthetic-responses/edge.ts'
import type { SyntheticData } from './synthetic-responses/fields.ts'
import { hostCondition, type WebsiteHook, websiteSub, websiteVcl } from './websites/edge.ts'
import type { WebsiteData } from './websites/fields.ts'
import { websiteNotEnforced } from './websites/not-enforced.ts'

/** A stored resource as the compiler reads it: its name and its validated data. */
export type Named<T> = { name: string; data: T }

/** A project's stored configuration, as the edge compiles it. */
export type ProjectConfiguration = {
  project: string
  websites: Named<WebsiteData>[]
  directors: Named<DirectorData>[]
  pageRules: Named<PageRuleData>[]
  synthetics: Named<SyntheticData>[]
  snippets: Named<CodeSnippetData>[]
  ipLists: Named<IpListData>[]
  rateLimits: Named<RateLimitData>[]
  /** The blocklist entries that apply to it: the platform's and its own. */
  blocklist: Named<BlocklistData>[]
  /** When it is compiled: entries past their expiry are left out. */
  now: number
}

/** What one resource asks for that a Varnish node does not do. */

/** A project's VCL program, and what of its configuration a Varnish node leaves undone. */
export type CompiledProject = { program: VclProgram; notEnforced: NotEnforced[] }

const WEBSITE_HOOKS: Record<WebsiteHook, VclHook> = {
  recv: 'vcl_recv',
  hash: 'vcl_hash',
  backend_fetch: 'vcl_backend_fetch',
  backend_response: 'vcl_backend_response',
  deliver: 'vcl_deliver',
  synth: 'vcl_synth',
}

const snippetSub = (name: string) => vclName('snippet', name)

/**
 * The VCL program of one project (EDGE.md): every director, every website dispatched by its hosts, its
 * page rules, synthetic responses and snippets. Snippets a website names run in that website's hook; the
 * others run in their hook for every request of the project, by priority. `addressOf` says where a node
 * connects for a backend host (the compiler resolves names; a check before storing uses a fixed address).
 */
export function compileProject(config: ProjectConfiguration, addressOf: AddressOf): CompiledProject {
  const notEnforced: NotEnforced[] = []
  const directors = new Map<string, DirectorVcl>()
  for (const { name, data } of config.directors) {
    const compiled = directorVcl(name, data, addressOf)
    directors.set(name, compiled)
    for (const what of compiled.notEnforced) notEnforced.push({ type: 'directors', name, what })
  }
  const synthetics = new Map(config.synthetics.map(({ name, data }) => [name, data]))
  // A snippet the confinement rules refuse, stored before the rule (a global sub vcl_hash or vsthrottle,
  // refused since they reached other projects' objects and counters; return (fail) in vcl_init, which no
  // node loads), is left out, and said, as on every write (snippetProblems): it is not the project's VCL.
  const confined = config.snippets.filter(({ name, data }) => {
    if (!data.enabled) return false
    const problem = snippetProblems(data.content, data.hook)[0]
    if (problem) {
      const what = `the whole snippet: line ${problem.line}, column ${problem.column}: ${problem.message} (edit it)`
      notEnforced.push({ type: 'codesnippets', name, what })
    }
    return problem === undefined
  })
  // A vcl_init snippet that reaches return (fail) through the subroutines it calls (a global snippet's
  // sub fail_init), stored past the check on writes, is left out too: no node would load the project.
  const failing = new Set<string>()
  for (const failure of initFailures(confined)) {
    const problem = initFailureProblem(failure, failure.snippet)
    if (!problem) continue
    failing.add(failure.snippet)
    const what = `the whole snippet: line ${problem.line}, column ${problem.column}: ${problem.message} (edit it)`
    notEnforced.push({ type: 'codesnippets', name: failure.snippet, what })
  }
  const snippets = new Map(confined.filter(({ name }) => !failing.has(name)).map(({ name, data }) => [name, data]))
  const named = new Set(
    config.websites.flatMap(({ data }) =>
      Object.entries(data.default_rules)
        .filter(([field, value]) => field.startsWith('custom_vcl_') && typeof value === 'string')
        .map(([, value]) => value as string),
    ),
  )
  const pickOf = (director: string) => directors.get(director)?.pick ?? 'wadp_none'
  const answerOf = (synthetic: string) => answerWith(synthetic, synthetics.get(synthetic) ?? { status: 200 })

  const program = new VclProgram()
  program.add(
    'vcl 4.1;',
    '',
    `# Project ${config.project}: written by the platform from its stored configuration.`,
    'import std;',
    'import directors;',
    'import vsthrottle;',
    '',
    // A request this program does not route (none should reach it) has no backend.
    'backend wadp_none none;',
  )
  // Each resource's VCL is bracketed by comments naming it (vcl-pieces.ts): a node's error then names it.
  for (const [name, compiled] of directors) program.add(piece(`director ${name}`, compiled.declarations))
  for (const { name, data } of config.ipLists)
    program.add(piece(`IP list ${name}`, ipListVcl(name, data.entries, config.now)))
  const blocklist = blocklistVcl(config.blocklist, config.now)
  program.add(piece('the blocklist', blocklist.declarations))
  for (const { name, what } of blocklist.notEnforced) notEnforced.push({ type: 'access-list', name, what })
  const rateLimits = new Map(
    config.rateLimits.map(({ name, data }) => {
      const compiled = rateLimitVcl(config.project, name, data)
      for (const what of compiled.notEnforced) notEnforced.push({ type: 'ratelimits', name, what })
      return [name, piece(`rate limit ${name}`, compiled.guard)] as const
    }),
  )

  const enabled = byPriority(config.snippets.filter(({ name }) => snippets.has(name)))
  const project = enabled.filter(({ name }) => !named.has(name))
  const projectCalls = (hook: VclHook) =>
    project.filter(({ data }) => data.hook === hook).map(({ name }) => `  call ${snippetSub(name)};`)
  const origin = (name: string) => ({ type: 'codesnippets', name, field: 'content' })
  // Global snippets stand outside every subroutine, before the directors are built; the others are
  // subroutines after vcl_init, so that they may use the directors.
  const placeSnippet = (name: string, content: string) => {
    const lines = pieceLines(`VCL snippet ${name}`)
    program.add(lines.begin).user(content, origin(name)).add(lines.end)
  }
  for (const { name, data } of enabled) if (data.hook === 'global') placeSnippet(name, data.content)
  program.add(
    'sub vcl_init {',
    ...[...directors].map(([name, compiled]) => piece(`director ${name}`, compiled.init)),
    ...projectCalls('vcl_init'),
    '}',
  )
  for (const { name, data } of enabled) {
    if (data.hook === 'global') continue
    program.add(`sub ${snippetSub(name)} {`)
    placeSnippet(name, data.content)
    program.add('}')
  }

  const websites = config.websites.map(({ name, data }) => {
    for (const what of websiteNotEnforced(data)) notEnforced.push({ type: 'websites', name, what })
    const rules: Partial<Record<WebsiteHook, string[]>> = { recv: [], hash: [], backend_response: [], deliver: [] }
    const own = config.pageRules
      .filter((rule) => rule.data.website === name && rule.data.enabled && data.page_rules.includes(rule.name))
      .sort((a, b) => a.data.priority - b.data.priority)
    for (const rule of own) {
      for (const what of pageRuleNotEnforced(rule.data)) notEnforced.push({ type: 'pagerules', name: rule.name, what })
      const blocks = pageRuleVcl(rule.data, { pickOf, answerOf })
      const ruleVcl = (block: string) => piece(`page rule ${rule.name}`, block)
      rules.recv?.push(ruleVcl(blocks.recv))
      rules.hash?.push(ruleVcl(blocks.hash))
      rules.backend_response?.push(ruleVcl(blocks.backendResponse))
      rules.deliver?.push(ruleVcl(blocks.deliver))
    }
    const calls: Partial<Record<WebsiteHook, string>> = {}
    for (const [hook, vclHook] of Object.entries(WEBSITE_HOOKS) as [WebsiteHook, VclHook][]) {
      const snippet = (data.default_rules as Record<string, unknown>)[`custom_${vclHook}`]
      if (typeof snippet === 'string' && snippets.has(snippet)) calls[hook] = `call ${snippetSub(snippet)};`
    }
    const guards = data.rate_limits.map((limit) => rateLimits.get(limit) ?? '').filter(Boolean)
    const subs = websiteVcl(name, data, { pick: pickOf(data.default_director), rules, snippets: calls, guards })
    return { name, data, subs }
  })
  for (const website of websites)
    for (const sub of Object.values(website.subs)) program.add(piece(`website ${website.name}`, sub))

  /** `call`s of each website's sub for a hook, chosen by the request's host. */
  const dispatch = (hook: WebsiteHook, side: 'req' | 'bereq', otherwise: string[] = []) => {
    const branches = websites.map(
      (website, index) =>
        `  ${index === 0 ? 'if' : '} elsif'} (${hostCondition(website.data, side)}) {\n    call ${websiteSub(website.name, hook)};`,
    )
    if (branches.length === 0) return otherwise.map((line) => `  ${line}`)
    return [
      ...branches,
      ...(otherwise.length > 0 ? ['  } else {', ...otherwise.map((line) => `    ${line}`)] : []),
      '  }',
    ]
  }

  program.add(
    'sub vcl_recv {',
    // A request switched here from the top VCL starts afresh: the host is read here as the top reads it.
    '  set req.http.host = std.tolower(regsub(req.http.host, ":[0-9]+$", ""));',
    '  unset req.http.X-Wadp-Location;',
    '  unset req.http.X-Wadp-Pass;',
    ...piece('the blocklist', blocklist.guard)
      .split('\n')
      .map((line) => `  ${line}`),
    ...projectCalls('vcl_recv'),
    ...dispatch('recv', 'req', ['return (synth(404, "Unknown host"));']),
    '}',
    '',
    'sub vcl_hash {',
    // Projects share the node's cache: the project starts every object's hash, and a snippet can only add
    // to it (hash_data accumulates), so no project's VCL reaches another's objects.
    `  hash_data(${vclString(`project:${config.project}`)});`,
    ...projectCalls('vcl_hash'),
    ...dispatch('hash', 'req'),
    '}',
    '',
    'sub vcl_hit {',
    ...projectCalls('vcl_hit'),
    '}',
    '',
    'sub vcl_miss {',
    ...projectCalls('vcl_miss'),
    '}',
    '',
    'sub vcl_pass {',
    '  set req.http.X-Wadp-Pass = "1";',
    ...projectCalls('vcl_pass'),
    '}',
    '',
    'sub vcl_backend_fetch {',
    '  unset bereq.http.X-Wadp-Pass;',
    '  unset bereq.http.X-Wadp-Location;',
    ...projectCalls('vcl_backend_fetch'),
    ...dispatch('backend_fetch', 'bereq'),
    '}',
    '',
    'sub vcl_backend_response {',
    // The origin's cache tags, kept on the object as ",a,b," so that an invalidation by tag can ban them.
    '  if (beresp.http.Surrogate-Key || beresp.http.Cache-Tag) {',
    '    set beresp.http.X-Wadp-Tags = "," + regsuball(beresp.http.Surrogate-Key + " " + beresp.http.Cache-Tag, "[,\\s]+", ",") + ",";',
    '  }',
    ...projectCalls('vcl_backend_response'),
    ...dispatch('backend_response', 'bereq'),
    '}',
    '',
    'sub vcl_backend_error {',
    ...projectCalls('vcl_backend_error'),
    '}',
    '',
    'sub vcl_deliver {',
    '  if (req.http.X-Wadp-Pass) {',
    '    set resp.http.X-Cache = "PASS";',
    '  } elsif (obj.hits > 0) {',
    '    set resp.http.X-Cache = "HIT";',
    '  } else {',
    '    set resp.http.X-Cache = "MISS";',
    '  }',
    '  set resp.http.X-Served-By = server.identity;',
    '  unset resp.http.X-Wadp-Tags;',
    ...projectCalls('vcl_deliver'),
    ...dispatch('deliver', 'req'),
    '}',
    '',
    'sub vcl_synth {',
    '  set resp.http.X-Cache = "PASS";',
    '  set resp.http.X-Served-By = server.identity;',
    '  if (resp.reason == "wadp-redirect") {',
    '    set resp.http.Location = req.http.X-Wadp-Location;',
    '    set resp.reason = "Redirect";',
    '    set resp.body = "";',
    '    return (deliver);',
    '  }',
    ...config.synthetics.map(({ name, data }) => {
      const compiled = syntheticVcl(name, data)
      for (const what of compiled.notEnforced) notEnforced.push({ type: 'synthetics', name, what })
      return piece(`synthetic response ${name}`, compiled.synth)
    }),
    ...projectCalls('vcl_synth'),
    ...dispatch('synth', 'req'),
    '}',
  )
  return { program, notEnforced }
}
