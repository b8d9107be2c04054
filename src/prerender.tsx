/**
 * Build step (after `vite build`): puts the sign-in page's markup into dist/index.html, so a visitor on
 * a slow network sees the sign-in page as soon as the HTML and CSS arrive instead of after the
 * JavaScript. React's first render replaces it with the same markup. A tiny inline script hides it
 * when a session is stored (that visitor is restored, not asked to sign in: the page shows "Checking
 * your session…" from the first paint instead, as React's first render does, in the page's frame under
 * its heading when the address gives one, src/early-pages.ts) and applies the stored
 * dark theme before the first paint. The boot module's files (which the entry imports dynamically) get
 * modulepreload links beside the entry's. For a stored session another one, placed right after the entry's
 * scripts, fetches the signed-in frame's code (routes/-shell) and starts the restore's requests
 * (src/early-pages.ts, taken by src/app/early-requests.ts) while the JavaScript downloads. The icon is inlined: one request fewer.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { renderToStaticMarkup } from 'react-dom/server'
import { inlineScriptHashes } from './csp.ts'
import { EARLY_HEADING_CLASS, EARLY_PROJECT_CLASS, SESSION_STORED_CLASS, STORAGE_KEYS } from './domain/session.ts'
import { earlyPages, earlyRequestsScript } from './early-pages.ts'
import { bootFiles, declaredPath, type Manifest, pageChunks, pageChunksScript } from './page-chunks.ts'
import { PRERENDERED_SIGN_IN, SSO_ASKED_EARLY, SSO_BUTTON, SUBMITTED_EARLY } from './ui/early-sign-in.ts'
import { THEME_STORAGE_KEY } from './ui/theme.ts'
import { EARLY_SIDEBAR, SessionCheckScreen } from './views/SessionCheckScreen.tsx'
import { SignInPage } from './views/SignInPage.tsx'

const file = new URL('../dist/index.html', import.meta.url)
const ROOT = '<div id="root"></div>'
const STYLESHEET = '<link rel="stylesheet"'
const ICON_LINK = '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />'
const SHELL_SOURCE = 'routes/-shell/Shell.tsx'
const ROUTES = new URL('../routes/', import.meta.url)
const MANIFEST = new URL('../dist/.vite/manifest.json', import.meta.url)
const HASHES = new URL('../dist/.vite/csp-script-hashes.json', import.meta.url)

/** Every file route (routes/*.tsx but the root) and the path it declares. */
function routePaths(): Record<string, string> {
  const routes: Record<string, string> = {}
  for (const name of readdirSync(ROUTES)) {
    if (!name.endsWith('.tsx') || name.startsWith('-') || name.startsWith('__')) continue
    const path = declaredPath(readFileSync(new URL(name, ROUTES), 'utf8'))
    if (path) routes[`routes/${name}`] = path
  }
  return routes
}

const html = readFileSync(file, 'utf8')
if (!html.includes(ROOT)) throw new Error('dist/index.html has no empty #root to prerender into')
if (!html.includes(STYLESHEET)) throw new Error('dist/index.html has no stylesheet link to put the early script before')
if (!html.includes(ICON_LINK)) throw new Error('dist/index.html has no /favicon.svg icon link to inline')
const icon = readFileSync(new URL('../public/favicon.svg', import.meta.url), 'utf8').trim()

const signIn = renderToStaticMarkup(<SignInPage onTokenSignIn={() => {}} onSsoSignIn={() => {}} />)
// A stored session's first paint: what the console shows first while it checks the session, without
// waiting for the JavaScript.
const sessionCheck = renderToStaticMarkup(<SessionCheckScreen />)
// The same in the page's frame, for an address that gives the page's heading (the early script marks <html>
// and finds it; the script after the markup sets it, as text): the heading is on screen from the first paint.
// Hidden until then: a paint before that script would show an empty heading, and filling it would move
// what is under it (a layout shift, seen once in six Lighthouse runs of the audit log).
const sessionCheckPage = renderToStaticMarkup(<SessionCheckScreen heading={{ title: '', description: ' ' }} sidebar />)
const CHECK_PAGE = 'data-session-check-page'
const FILLED = 'data-filled'
const setHeading = `<script>(function(){var w=window.__wadpEarly,e=w&&w.heading,c=document.querySelector('[${CHECK_PAGE}]'),h=c&&c.querySelector('h1'),p=c&&c.querySelector('header p');if(!e||!h||!p)return;h.textContent=e.title;if(e.description)p.textContent=e.description;else p.parentNode.removeChild(p);c.setAttribute('${FILLED}','')})()</script>`
const sessionKeys = [STORAGE_KEYS.authToken, STORAGE_KEYS.oauthToken]
const storedClass = JSON.stringify(SESSION_STORED_CLASS)
// A stored session's first steps, before the stylesheet (which would hold up an inline script) and after
// the entry's scripts, which the page needs first: over HTTP/1.1's six connections per origin the
// restore's requests would otherwise take connections ahead of the framework.
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest
const preload = pageChunksScript(pageChunks(manifest, SHELL_SOURCE, routePaths()), sessionKeys)
const early = `<script>${preload};${earlyRequestsScript(earlyPages(Object.values(routePaths())))}</script>`
// The boot module's files (src/main.tsx imports it dynamically), fetched beside the framework's.
const bootLinks = bootFiles(manifest)
  .map((name) => `<link rel="modulepreload" crossorigin href="/${name}">`)
  .join('')
// The sign-in form in the HTML has no script of its own: the browser's own submit (Enter in the field,
// or the button) would send the token in the address, `/?token=…`. Refused and marked until the console
// replaces the form, which keeps what was typed and signs in then (src/ui/early-sign-in.ts).
// Its "Sign in with SSO" button has none either: a click is marked, and the console signs in with SSO then.
const refuseEarlySubmit = `document.addEventListener('submit',function(e){var f=e.target;if(f&&f.closest&&f.closest('[${PRERENDERED_SIGN_IN}]')){e.preventDefault();f.setAttribute('${SUBMITTED_EARLY}','')}},true);document.addEventListener('click',function(e){var b=e.target,c=b&&b.closest&&b.closest('[${PRERENDERED_SIGN_IN}]');if(c&&b.closest('[${SSO_BUTTON}]'))c.setAttribute('${SSO_ASKED_EARLY}','')},true);`
const boot = `<script>${refuseEarlySubmit}try{var s=localStorage,d=document.documentElement;${JSON.stringify(sessionKeys)}.some(function(k){return s.getItem(k)})&&d.classList.add(${storedClass});var t=s.getItem(${JSON.stringify(THEME_STORAGE_KEY)});(t==='dark'||(t!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches))&&d.classList.add('dark')}catch(e){}</script><style>.${SESSION_STORED_CLASS} [${PRERENDERED_SIGN_IN}],html:not(.${SESSION_STORED_CLASS}) [data-session-check],.${EARLY_HEADING_CLASS} [data-session-check],html:not(.${EARLY_HEADING_CLASS}) [${CHECK_PAGE}],html:not(.${EARLY_PROJECT_CLASS}) [${CHECK_PAGE}] [${EARLY_SIDEBAR}]{display:none}[${CHECK_PAGE}]:not([${FILLED}]){visibility:hidden}</style>`

const final = html
  .replace(STYLESHEET, `${bootLinks}${early}${STYLESHEET}`)
  .replace(ICON_LINK, `<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,${encodeURIComponent(icon)}" />`)
  .replace('</head>', `${boot}</head>`)
  .replace(
    ROOT,
    `<div id="root"><div ${PRERENDERED_SIGN_IN}>${signIn}</div><div data-session-check>${sessionCheck}</div><div ${CHECK_PAGE}>${sessionCheckPage}</div></div>${setHeading}`,
  )
writeFileSync(file, final)
// The server's Content-Security-Policy allows these inline scripts, and no others, by their hashes.
writeFileSync(HASHES, `${JSON.stringify(inlineScriptHashes(final), null, 2)}\n`)
console.log('Prerendered the sign-in page into dist/index.html; inline script hashes in dist/.vite')
