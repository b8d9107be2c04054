/**
 * Build step (after `vite build`): puts the sign-in page's markup into dist/index.html, so a visitor on
 * a slow network sees the sign-in page as soon as the HTML and CSS arrive instead of after the
 * JavaScript. React's first render replaces it with the same markup. A tiny inline script hides it
 * when a session is stored (that visitor is restored, not asked to sign in) and applies the stored
 * dark theme before the first paint; for a stored session another one starts the restore's requests
 * while the JavaScript downloads (src/app/early-requests.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { renderToStaticMarkup } from 'react-dom/server'
import { earlyRequestsScript } from './app/early-requests.ts'
import { STORAGE_KEYS } from './domain/session.ts'
import { THEME_STORAGE_KEY } from './ui/theme.ts'
import { SignInPage } from './views/SignInPage.tsx'

const file = new URL('../dist/index.html', import.meta.url)
const html = readFileSync(file, 'utf8')
const ROOT = '<div id="root"></div>'
if (!html.includes(ROOT)) throw new Error('dist/index.html has no empty #root to prerender into')

const signIn = renderToStaticMarkup(<SignInPage onTokenSignIn={() => {}} onSsoSignIn={() => {}} />)
const sessionKeys = JSON.stringify([STORAGE_KEYS.authToken, STORAGE_KEYS.oauthToken])
// The restore's requests first, before anything the parser would wait for (a stylesheet holds up scripts).
const early = `<script>${earlyRequestsScript()}</script>`
const boot = `<script>try{var s=localStorage,d=document.documentElement;${sessionKeys}.some(function(k){return s.getItem(k)})&&d.classList.add('session-stored');var t=s.getItem(${JSON.stringify(THEME_STORAGE_KEY)});(t==='dark'||(t!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches))&&d.classList.add('dark')}catch(e){}</script><style>.session-stored [data-signin]{display:none}</style>`

writeFileSync(
  file,
  html
    .replace('<head>', `<head>${early}`)
    .replace('</head>', `${boot}</head>`)
    .replace(ROOT, `<div id="root"><div data-signin>${signIn}</div></div>`),
)
console.log('Prerendered the sign-in page into dist/index.html')
