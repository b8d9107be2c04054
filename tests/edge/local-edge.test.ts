/**
 * `WADP_EDGE=local npm start` (README, "A real edge on this machine"): the platform registers its own
 * edge agent node, `local-edge` (the name EDGE.md gives it), and runs its agent with a real varnishd.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import type { Db } from '../../server/db/client.ts'
import type { EdgeAgent } from '../../server/edge/agent.ts'
import { VarnishNode } from '../../server/edge/varnish.ts'
import { findVarnishd } from '../../server/edge/vcc.ts'
import { LOCAL_EDGE_NODE, startLocalEdge } from '../../server/local-edge.ts'
import { systemCaller } from '../../server/resources/service.ts'
import { insertResource } from '../../server/resources/store.ts'
import { configurationTag } from '../../src/types/nodes/edge-configuration.ts'
import { setUpPlatform } from '../server/support.ts'
import { edgeGet, freePort } from './support.ts'

const platform = setUpPlatform()

/**
 * Stores a resource of shop past the API's checks, as a platform that does not ask Varnish's compiler
 * (no varnishd where the API runs, EDGE.md) or an older rule took it: then the node's report says the
 * VCL's error. (Not with WADP_VCL_CHECK=off: the tests share their modules, and the check, once off,
 * stayed off for every file after this one.) `change` alters the parsed data as an older schema took it.
 */
async function storePastChecks(
  type: string,
  body: { name: string } & Record<string, unknown>,
  change: (data: Record<string, unknown>) => void = () => undefined,
) {
  const { ctx } = platform.server
  const definition = ctx.resources.definition(type)
  if (!definition) throw new Error(`no ${type} type`)
  const { displayName, data } = ctx.resources.parseBody(definition, body, 'create')
  change(data as Record<string, unknown>)
  const generation = await ctx.db.transaction(async (transaction) => {
    const tx = transaction as Db
    const fields = { type, scope: 'shop', name: body.name, displayName, data, searchText: '' }
    const record = await insertResource(tx, { ...fields, actor: 'admin@example.com' })
    const caller = systemCaller('admin@example.com', 'test')
    return ctx.resources.afterWrite(tx, definition, 'shop', caller, 'create', null, record)
  })
  ctx.resources.changed(definition, 'shop', [body.name], generation)
}

const storeSnippet = (body: { name: string; hook: string; content: string }) => storePastChecks('codesnippets', body)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits until `check` holds, asking every `everyMs`. */
async function until<T>(
  what: string,
  check: () => Promise<T | null | false | undefined>,
  seconds = 90,
  everyMs = 200,
): Promise<T> {
  const deadline = Date.now() + seconds * 1000
  for (;;) {
    const value = await check().catch(() => null)
    if (value) return value
    if (Date.now() > deadline) throw new Error(`waited ${seconds} s for ${what}`)
    await sleep(everyMs)
  }
}

describe.skipIf(!findVarnishd())('the local edge node', () => {
  let agent: EdgeAgent | null = null
  let dir = ''
  let base = ''

  afterAll(async () => {
    await agent?.stop()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  /** What the node's agent last reported of a project. */
  const lineOf = (project: string) => agent?.reportBody().projects.find((one) => one.project === project)
  /** A project's configuration revision as the platform has it now. */
  const revisionOf = async (project: string) =>
    (await configurationTag(platform.server.ctx.db, [project])).revisions.projects.get(project) ?? 0
  /** Two more of the node's reports (every 2 s while nothing changes). */
  async function twoMoreReports() {
    const seen = async () =>
      (await platform.call('GET', `/api/core/v0/nodes/${LOCAL_EDGE_NODE}`)).body.data.last_seen_at
    const first = await seen()
    const second = await until('a report', async () => (await seen()) !== first && seen())
    await until('another report', async () => (await seen()) !== second)
  }
  /** Shop's line once the node has run, or refused, the revision the platform has now. */
  async function shopRunOrRefused() {
    const stored = await revisionOf('shop')
    return until('the project to load', async () => {
      const line = lineOf('shop')
      return Math.max(line?.revision ?? 0, line?.failed_revision ?? 0) >= stored && line
    })
  }

  it('is registered as local-edge, though its name is no endpoint id, and serves through varnishd', async () => {
    dir = await mkdtemp(join(tmpdir(), 'wadp-local-edge-'))
    const listen = `127.0.0.1:${await freePort()}`
    base = `http://${listen}`
    const env = { WADP_EDGE_LISTEN: listen, WADP_EDGE_ADMIN: `127.0.0.1:${await freePort()}`, WADP_EDGE_DIR: dir }
    agent = await startLocalEdge(platform.server.ctx, platform.url, env, dir)
    expect(agent).not.toBeNull()
    const node = await platform.call('GET', `/api/core/v0/nodes/${LOCAL_EDGE_NODE}`)
    expect([node.status, node.body.data.kind]).toEqual([200, 'agent'])
    // Once it runs the platform's configuration (503 'No configuration yet' before), an unknown host is 404.
    const answer = await until('the configuration to be served', async () => {
      const got = await edgeGet(`http://${listen}`, 'nobody.example', '/')
      return got.status !== 503 && got
    })
    expect([answer.status, answer.headers['x-served-by']]).toEqual([404, LOCAL_EDGE_NODE])
  }, 120_000)

  it('says which revision a snippet Varnish refused was of, and that it runs the fix once it does', async () => {
    const snippets = '/api/core/v0/projects/shop/codesnippets'
    await storeSnippet({ name: 'refused-by-varnish', hook: 'vcl_deliver', content: 'set resp.http.X-A = ;' })
    const failed = await until('the load to fail', async () => (lineOf('shop')?.error ? lineOf('shop') : null))
    // The compiler's words, placed in the snippet's own text, not in the node's work file (p_shop_N.vcl).
    expect(failed.error).toBe(
      "VCL snippet refused-by-varnish, line 1, column 21: Unknown token ';' when looking for STRING",
    )
    // It runs its last good revision, and says the failed one was the newer.
    expect(failed.failed_revision).toBeGreaterThan(failed.revision ?? 0)
    const fixed = await platform.call('PUT', `${snippets}/refused-by-varnish`, {
      body: { hook: 'vcl_deliver', content: 'set resp.http.X-A = "1";' },
      headers: { 'if-match': '*' },
    })
    expect(fixed.status).toBe(200)
    const sync = async () => (await platform.call('GET', '/api/core/v0/projects/shop/sync?details=true')).body.data
    const row = async () => (await sync()).details.find((d: { endpoint: string }) => d.endpoint === LOCAL_EDGE_NODE)
    await until('the node to run the fix', async () => (await row())?.updated)
    expect(lineOf('shop')).toMatchObject({ error: null, failed_revision: null })
  }, 120_000)

  it('says varnishd exited while its agent starts it again, and serves again once it runs', async () => {
    const pid = agent?.varnishPid
    if (!agent || !pid) throw new Error('no varnishd')
    const running = agent
    process.kill(pid, 'SIGKILL')
    // Until a new varnishd runs, its reports say why the node runs nothing (the sync views show it).
    const said = await until(
      'varnishd to be gone',
      async () => running.varnishPid === null && running.reportBody().error,
      30,
      5,
    )
    expect(said).toBe('varnishd exited (killed); starting it again')
    await until('a new varnishd', async () => running.varnishPid !== null && running.varnishPid !== pid)
    expect(running.reportBody().error).toBeNull()
    const answer = await until('the configuration to be served again', async () => {
      const got = await edgeGet(base, 'nobody.example', '/').catch(() => null)
      return got && got.status !== 503 && got
    })
    expect(answer.status).toBe(404)
  }, 120_000)

  it('does not load again and again a VCL whose vcl_init fails, until the configuration changes', async () => {
    const snippets = '/api/core/v0/projects/shop/codesnippets'
    const lines: string[] = []
    const log = vi.spyOn(console, 'log').mockImplementation((line: unknown) => void lines.push(String(line)))
    try {
      // A vcl_init that fails at run time (a VMOD function's failure): VCC takes it, and no rule can read it.
      const saved = await platform.call('POST', snippets, {
        body: { name: 'init-fails', hook: 'vcl_init', content: 'std.log("init " + std.integer("not a number"));' },
      })
      expect(saved.status).toBe(201)
      const failed = async () => lines.filter((line) => line.includes('project shop') && line.includes('did not load'))
      await until('the load to fail', async () => (await failed()).length > 0)
      // Varnish names only the node's VCL: the report names the snippet, Varnish's words after it.
      expect(agent?.reportBody().projects.find((line) => line.project === 'shop')?.error).toMatch(
        /^the project's vcl_init snippet init-fails failed: VCL "p_shop_\d+" Failed initialization\nMessage:\n\tstd\.integer: conversion failed: Invalid number/,
      )
      // Two more reports later (every 2 s while nothing changes), it has not tried that VCL again.
      await twoMoreReports()
      expect(await failed()).toHaveLength(1)
    } finally {
      log.mockRestore()
      await platform.call('DELETE', `${snippets}/init-fails`, { headers: { 'if-match': '*' } })
    }
  }, 120_000)

  it('does not load a refused VCL again when another project changes, only when its own does', async () => {
    const loads = vi.spyOn(VarnishNode.prototype, 'load')
    const shopLoads = () => loads.mock.calls.filter(([prefix]) => prefix === 'p_shop').length
    const website = '/api/core/v0/projects/media/websites/news-example-com'
    try {
      await storeSnippet({ name: 'refused-once', hook: 'vcl_deliver', content: 'set resp.http.X-A = ;' })
      const stored = await revisionOf('shop')
      await until('the load to fail', async () => (lineOf('shop')?.failed_revision ?? 0) >= stored)
      const tried = shopLoads()
      expect(tried).toBeGreaterThan(0)
      // Media's change sends the whole configuration again, shop's unchanged VCL with it.
      const renamed = await platform.call('PATCH', website, {
        body: { display_name: 'News, renamed' },
        headers: { 'if-match': '*' },
      })
      expect(renamed.status).toBe(200)
      const media = await revisionOf('media')
      await until('media to run its change', async () => (lineOf('media')?.revision ?? 0) >= media)
      expect(shopLoads()).toBe(tried)
      expect(lineOf('shop')?.error).toContain("Unknown token ';' when looking for STRING")
    } finally {
      loads.mockRestore()
      await platform.call('DELETE', '/api/core/v0/projects/shop/codesnippets/refused-once', {
        headers: { 'if-match': '*' },
      })
    }
  }, 120_000)

  it('does not load again a VCL during whose load Varnish’s child stopped answering, until its own changes', async () => {
    // What varnishadm answers when a VMOD's assertion in vcl_init panics the child (varnishd starts it
    // again): trying that VCL at every poll would drop every project's traffic each time.
    const load = VarnishNode.prototype.load
    // Every load of that VCL (it would panic the child each time), none of any other.
    const loads = vi.spyOn(VarnishNode.prototype, 'load').mockImplementation(function (this: VarnishNode, prefix, vcl) {
      if (!vcl.includes('X-Child')) return load.call(this, prefix, vcl)
      return Promise.reject(new Error('Rejected 400\nCLI communication error (hdr)'))
    })
    const shopLoads = () => loads.mock.calls.filter(([prefix]) => prefix === 'p_shop').length
    const snippets = '/api/core/v0/projects/shop/codesnippets'
    try {
      const saved = await platform.call('POST', snippets, {
        body: { name: 'child-stops', hook: 'vcl_deliver', content: 'set resp.http.X-Child = "stops";' },
      })
      expect(saved.status).toBe(201)
      const stored = await revisionOf('shop')
      await until('the load to fail', async () => (lineOf('shop')?.failed_revision ?? 0) >= stored)
      expect(lineOf('shop')?.error).toContain('CLI communication error')
      const tried = shopLoads()
      // Media's change sends the whole configuration again, shop's unchanged VCL with it: not loaded again.
      const website = '/api/core/v0/projects/media/websites/news-example-com'
      const renamed = await platform.call('PATCH', website, {
        body: { display_name: 'News, renamed again' },
        headers: { 'if-match': '*' },
      })
      expect(renamed.status).toBe(200)
      const media = await revisionOf('media')
      await until('media to run its change', async () => (lineOf('media')?.revision ?? 0) >= media)
      // Nor at the polls that follow: two more reports (every 2 s while nothing changes).
      await twoMoreReports()
      expect(shopLoads()).toBe(tried)
    } finally {
      loads.mockRestore()
      await platform.call('DELETE', `${snippets}/child-stops`, { headers: { 'if-match': '*' } })
    }
  }, 120_000)

  it('loads a project holding a regex PCRE2 refuses, stored before the save-time check, without that rule', async () => {
    // JavaScript's RegExp takes it, PCRE2 does not ('\\u'): the whole project failed on every node.
    await storePastChecks(
      'pagerules',
      {
        name: 'old-regex',
        website: 'static-shop-example-com',
        priority: 20,
        match: { path: '^/old', match_type: 'regex' },
        action: { kind: 'cache', mode: 'bypass' },
      },
      (data) => {
        ;(data.match as { path: string }).path = '^/x\\u0041'
      },
    )
    const website = '/api/core/v0/projects/shop/websites/static-shop-example-com'
    const listed = async (rules: string[]) =>
      expect(
        (await platform.call('PATCH', website, { body: { page_rules: rules }, headers: { 'if-match': '*' } })).status,
      ).toBe(200)
    try {
      await listed(['static-assets-cache', 'old-regex'])
      const loaded = await shopRunOrRefused()
      expect(loaded).toMatchObject({ error: null, failed_revision: null })
      const said = await platform.call('GET', '/api/core/v0/projects/shop/not-enforced')
      expect(said.body.data).toContainEqual({
        type: 'pagerules',
        name: 'old-regex',
        what: 'the whole rule: the regular expression "^/x\\u0041" (Varnish\'s PCRE2 does not take it: PCRE2 does not support \\F, \\L, \\l, \\N{name}, \\U, or \\u; edit it)',
      })
    } finally {
      await listed(['static-assets-cache'])
      await platform.call('DELETE', '/api/core/v0/projects/shop/pagerules/old-regex', { headers: { 'if-match': '*' } })
    }
  }, 120_000)

  it('loads a project holding a vcl_init snippet that calls a failing global sub, stored past the check, without it', async () => {
    const snippets = '/api/core/v0/projects/shop/codesnippets'
    try {
      // VCC takes the pair, and its vcl_init fails: the whole project stayed on its last good VCL.
      await storeSnippet({ name: 'fails-init', hook: 'global', content: 'sub fail_init {\n  return (fail);\n}' })
      await storeSnippet({ name: 'init-fails', hook: 'vcl_init', content: 'call fail_init;' })
      const loaded = await shopRunOrRefused()
      expect(loaded).toMatchObject({ error: null, failed_revision: null })
      const said = await platform.call('GET', '/api/core/v0/projects/shop/not-enforced')
      expect(said.body.data).toContainEqual({
        type: 'codesnippets',
        name: 'init-fails',
        what: 'the whole snippet: line 1, column 1: call fail_init, which reaches return (fail) (VCL snippet fails-init, line 2, column 3), is not allowed in vcl_init: no node would load the project (edit it)',
      })
    } finally {
      await platform.call('DELETE', `${snippets}/init-fails`, { headers: { 'if-match': '*' } })
      await platform.call('DELETE', `${snippets}/fails-init`, { headers: { 'if-match': '*' } })
    }
  }, 120_000)

  it('is refused its name through the API', async () => {
    // Anyone else is held to the rule.
    await agent?.stop()
    agent = null
    const deleted = await platform.call('DELETE', `/api/core/v0/nodes/${LOCAL_EDGE_NODE}`, {
      headers: { 'if-match': '*' },
    })
    expect(deleted.status).toBe(204)
    const made = await platform.call('POST', '/api/core/v0/nodes', {
      body: { name: LOCAL_EDGE_NODE, hostname: 'localhost', pop_code: 'loc', country: 'zz', kind: 'agent' },
    })
    expect([made.status, made.body.errors?.[0]?.field]).toEqual([400, 'name'])
  }, 120_000)
})
