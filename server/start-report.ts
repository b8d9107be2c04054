import { BOOTSTRAP_TOKEN_NAME, type BootstrapToken, DEMO_USERS } from './seed.ts'

/** What `npm start` knows once the server is up, for the lines telling how to sign in. */
export type SignInInfo = {
  /** The console's address, without a trailing slash. */
  url: string
  /** The bootstrap admin token this start set, or why there is none (revoked or expired: never brought back). */
  adminToken: BootstrapToken
  demoPassword: string
  /** Made up for this run (not from WADP_ADMIN_TOKEN / WADP_DEMO_PASSWORD). */
  generated: { adminToken: boolean; demoPassword: boolean }
  /** The OpenID Connect issuer the console signs in with. */
  issuer: string
  /** true: OIDC_ISSUER names another provider, whose users are its own. */
  externalIssuer: boolean
}

/**
 * The start-up log's last lines: where the console is and both ways in. They come last, after
 * anything else the start prints, so they are what a terminal shows when the start is done.
 */
export function signInLines(info: SignInInfo): string[] {
  const emails = Object.values(DEMO_USERS)
  const users = `${emails.slice(0, -1).join(', ')} or ${emails.at(-1)}`
  const sso = info.externalIssuer
    ? `  With SSO: "Sign in with SSO" goes to the OpenID Connect provider ${info.issuer} (its own users)`
    : `  With SSO: "Sign in with SSO" opens the built-in OpenID Connect provider at ${info.issuer}: ` +
      `sign in as ${users} with the password ${info.demoPassword}` +
      (info.generated.demoPassword
        ? ' (made for this run; set WADP_DEMO_PASSWORD to keep one)'
        : ' (WADP_DEMO_PASSWORD)')
  const token =
    'token' in info.adminToken
      ? `  With the API token: paste ${info.adminToken.token} into "API token", then "Sign in with token"` +
        (info.generated.adminToken ? ' (made for this run; set WADP_ADMIN_TOKEN to keep one)' : ' (WADP_ADMIN_TOKEN)')
      : `  With the API token: none, ${refusedAdminToken(info.adminToken.refused)}`
  return [`Sign in at ${info.url}/`, token, sso]
}

/**
 * Why a start sets no admin token, and how to get one: a revoked or expired bootstrap token is never
 * brought back (server/seed.ts, `ensureBootstrapToken`); once deleted, the next start makes a new one.
 */
export function refusedAdminToken(refused: 'revoked' | 'expired'): string {
  return (
    `the bootstrap admin token ${BOOTSTRAP_TOKEN_NAME} ${refused === 'revoked' ? 'was revoked' : 'has expired'} ` +
    'and no start brings it back. For a new admin token, sign in as an admin (with SSO, or with another admin ' +
    `token), then create one under Manage Tokens, or delete ${BOOTSTRAP_TOKEN_NAME} there and restart: the next ` +
    'start makes a new one'
  )
}

/**
 * oidc-provider 9 prints "Unsupported runtime" on any Node.js before 22 (it compares the LTS code name),
 * the only thing it does about it: say once what that line means here.
 */
export function runtimeNote(nodeVersion: string, builtInProvider: boolean): string | null {
  const major = Number(nodeVersion.replace(/^v/, '').split('.')[0])
  if (!builtInProvider || major >= 22) return null
  return (
    `Node.js ${nodeVersion}: oidc-provider's "Unsupported runtime" warning means its maintainers support ` +
    'Node.js 22 and later; the built-in provider is tested on Node.js 20 (README, "Node.js versions")'
  )
}

export type BuildResult = { status: number | null; error?: Error; stdout: string; stderr: string }

/**
 * The console build's part of the log: one line when it worked, its whole output (and why) when it
 * did not, so a failure is never cut short and a success is not 250 lines of chunk sizes.
 */
export function buildReport(result: BuildResult, seconds: number): { ok: boolean; lines: string[] } {
  if (result.status === 0) {
    return { ok: true, lines: [`Built the console into dist/ in ${seconds.toFixed(1)} s`] }
  }
  const output = `${result.stdout}${result.stderr}`.trimEnd()
  const why = result.error ? result.error.message : `it exited with ${result.status ?? 'a signal'}`
  return {
    ok: false,
    lines: [...(output ? [output] : []), `The console build failed (${why}); its whole output is above.`],
  }
}
