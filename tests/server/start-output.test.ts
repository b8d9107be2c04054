import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildReport, runtimeNote, type SignInInfo, signInLines } from '../../server/start-report.ts'
import { BUILD_LOCK, buildConsoleIfNeeded } from '../../src/platform/console-build.ts'
import { type ServerProcess, spawnServer, waitForHealthy } from '../tools/server-process.ts'
import { ON_POSTGRES } from './support.ts'

const INFO: SignInInfo = {
  url: 'http://127.0.0.1:8080',
  adminToken: { token: 'admin-token-0123456789' },
  demoPassword: 'demo-pass',
  generated: { adminToken: true, demoPassword: false },
  issuer: 'http://127.0.0.1:8080/oidc',
  externalIssuer: false,
}

describe("npm start's sign-in lines", () => {
  it('name the address, the admin token, the demo users with their password and the provider', () => {
    expect(signInLines(INFO)).toEqual([
      'Sign in at http://127.0.0.1:8080/',
      '  With the API token: paste admin-token-0123456789 into "API token", then "Sign in with token" (made for this run; set WADP_ADMIN_TOKEN to keep one)',
      '  With SSO: "Sign in with SSO" opens the built-in OpenID Connect provider at http://127.0.0.1:8080/oidc: sign in as admin@example.com, operator@example.com or viewer@example.com with the password demo-pass (WADP_DEMO_PASSWORD)',
    ])
  })

  it('say, in place of a token, that a revoked or expired bootstrap token stays so, and how to get a new one', () => {
    const revoked = signInLines({ ...INFO, adminToken: { refused: 'revoked' } })
    expect(revoked[1]).toBe(
      '  With the API token: none, the bootstrap admin token bootstrap-admin was revoked and no start brings it back. For a new admin token, sign in as an admin (with SSO, or with another admin token), then create one under Manage Tokens, or delete bootstrap-admin there and restart: the next start makes a new one',
    )
    expect(revoked).toHaveLength(3)
    const expired = signInLines({ ...INFO, adminToken: { refused: 'expired' } })
    expect(expired[1]).toMatch(/^ {2}With the API token: none, the bootstrap admin token bootstrap-admin has expired /)
  })

  it('leave the demo users out with another provider, whose users are its own', () => {
    const lines = signInLines({ ...INFO, issuer: 'https://login.example.org/realms/wadp', externalIssuer: true })
    expect(lines.at(-1)).toBe(
      '  With SSO: "Sign in with SSO" goes to the OpenID Connect provider https://login.example.org/realms/wadp (its own users)',
    )
    expect(lines.join('\n')).not.toContain('demo-pass')
  })

  it("explain oidc-provider's runtime warning on Node.js 20 only, and only for the built-in provider", () => {
    expect(runtimeNote('v20.20.2', true)).toMatch(/^Node\.js v20\.20\.2: oidc-provider's "Unsupported runtime"/)
    expect(runtimeNote('v22.12.0', true)).toBeNull()
    expect(runtimeNote('v20.20.2', false)).toBeNull()
  })
})

describe("npm start's console build", () => {
  it('is one line when it works, whatever the build printed', () => {
    const chunks = Array.from({ length: 250 }, (_, i) => `dist/assets/chunk-${i}.js  1.2 kB`).join('\n')
    expect(buildReport({ status: 0, stdout: chunks, stderr: '' }, 14.25)).toEqual({
      ok: true,
      lines: ['Built the console into dist/ in 14.3 s'],
    })
  })

  it('shows the whole output when it fails, then says so', () => {
    const stdout = Array.from({ length: 300 }, (_, i) => `line ${i}`).join('\n')
    const report = buildReport({ status: 1, stdout: `${stdout}\n`, stderr: 'error TS2322: bad type\n' }, 3)
    expect(report.ok).toBe(false)
    expect(report.lines).toEqual([
      `${stdout}\nerror TS2322: bad type`,
      'The console build failed (it exited with 1); its whole output is above.',
    ])
    const spawnFailure = buildReport({ status: null, error: new Error('spawn npm ENOENT'), stdout: '', stderr: '' }, 0)
    expect(spawnFailure.lines).toEqual(['The console build failed (spawn npm ENOENT); its whole output is above.'])
  })

  /** A checkout whose dist/ is missing, and a build command that counts its runs in builds.log. */
  function checkout() {
    const root = mkdtempSync(join(tmpdir(), 'wadp-build-'))
    mkdirSync(join(root, 'src'))
    writeFileSync(join(root, 'src', 'main.tsx'), 'export {}\n')
    const build = [
      process.execPath,
      '-e',
      "const fs = require('node:fs'); fs.appendFileSync('builds.log', 'built\\n'); fs.mkdirSync('dist', { recursive: true }); fs.writeFileSync('dist/index.html', '<!doctype html>')",
    ]
    const builds = () => (existsSync(join(root, 'builds.log')) ? readFileSync(join(root, 'builds.log'), 'utf8') : '')
    return { root, build, builds, [Symbol.dispose]: () => rmSync(root, { recursive: true, force: true }) }
  }

  it('is run once by starts of one checkout begun together: the others wait for it and find dist/ built', async () => {
    using built = checkout()
    const results = await Promise.all([1, 2, 3].map(() => buildConsoleIfNeeded(built.root, built.build)))
    expect(results).toEqual([true, true, true])
    // Each build empties dist/ first: a second one took it away from the process already serving it.
    expect(built.builds()).toBe('built\n')
    expect(existsSync(join(built.root, BUILD_LOCK))).toBe(false)
  })

  it('takes over the lock a start left when it died while building', async () => {
    using built = checkout()
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' })
    writeFileSync(join(built.root, BUILD_LOCK), gone.stdout)
    expect(await buildConsoleIfNeeded(built.root, built.build)).toBe(true)
    expect(built.builds()).toBe('built\n')
  })
})

// A server on its in-memory database, whichever pass runs: the PostgreSQL pass (`npm run test:pg`) leaves
// it to the PGlite one.
describe.skipIf(ON_POSTGRES)('src/platform/start.ts', () => {
  let server: ServerProcess | null = null
  afterAll(async () => {
    await server?.stop()
  })

  it('ends its start-up log with how to sign in', async () => {
    server = await spawnServer({ DATABASE_URL: 'memory:', WADP_ADMIN_TOKEN: 'start-output-token-0123456789' })
    await waitForHealthy(server)
    const running = server
    // The lines come once the start is done, which may be just after the first healthy answer.
    await expect.poll(() => running.output(), { timeout: 15_000 }).toContain('With SSO:')
    const lines = running.output().trimEnd().split('\n')
    expect(lines.slice(-3)).toEqual(
      signInLines({
        url: running.url,
        adminToken: { token: 'start-output-token-0123456789' },
        demoPassword: 'demo',
        generated: { adminToken: false, demoPassword: false },
        issuer: `${running.url}/oidc`,
        externalIssuer: false,
      }),
    )
  }, 180_000)
})
