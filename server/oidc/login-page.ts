import { createHash } from 'node:crypto'

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char)
}

// Inline on purpose: these pages are served by the identity provider, outside the console's asset pipeline.
// The console's look in plain CSS: its font stack, Tailwind's slate and teal (hex), a card on a tinted page,
// dark colours when the system asks for them, and a focus ring on every control.
const STYLE = `
:root {
  color-scheme: light dark;
  font-family: ui-sans-serif, system-ui, sans-serif, "Apple Color Emoji", "Segoe UI Emoji", "Segoe UI Symbol", "Noto Color Emoji";
  line-height: 1.5;
  -webkit-font-smoothing: antialiased;
  --page: #f8fafc; --text: #0f172a; --muted: #475569; --card: #ffffff; --card-border: #e2e8f0;
  --field: #ffffff; --field-border: #cbd5e1; --accent: #0f766e; --accent-hover: #115e59; --focus: #0d9488;
  --secondary: #ffffff; --secondary-hover: #f1f5f9;
  --error-text: #991b1b; --error-back: #fef2f2; --error-border: #fca5a5; --invalid: #dc2626;
}
@media (prefers-color-scheme: dark) {
  :root {
    --page: #020617; --text: #f1f5f9; --muted: #94a3b8; --card: #0f172a; --card-border: #1e293b;
    --field: #020617; --field-border: #334155; --focus: #2dd4bf;
    --secondary: #1e293b; --secondary-hover: #334155;
    --error-text: #fecaca; --error-back: #450a0a; --error-border: #991b1b; --invalid: #f87171;
  }
}
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; padding: 1.5rem; background: var(--page); color: var(--text); }
main { width: 100%; max-width: 24rem; display: flex; flex-direction: column; gap: 1rem; padding: 2rem; background: var(--card); border: 1px solid var(--card-border); border-radius: 0.5rem; box-shadow: 0 1px 2px 0 rgb(0 0 0 / 0.05); }
.brand { margin: 0; font-size: 0.875rem; color: var(--muted); }
h1 { margin: 0 0 0.5rem; font-size: 1.5rem; line-height: 2rem; font-weight: 600; letter-spacing: -0.025em; }
p { margin: 0; }
form { display: flex; flex-direction: column; gap: 0.25rem; margin: 0; }
label { font-size: 0.875rem; font-weight: 500; margin-top: 0.75rem; }
label:first-of-type { margin-top: 0; }
input { display: block; width: 100%; padding: 0.5rem 0.75rem; font: inherit; color: var(--text); background: var(--field); border: 1px solid var(--field-border); border-radius: 0.375rem; }
input[aria-invalid="true"] { border-color: var(--invalid); }
button { display: inline-flex; align-items: center; justify-content: center; width: 100%; padding: 0.5rem 1rem; font: inherit; font-weight: 500; color: #ffffff; background: var(--accent); border: 1px solid transparent; border-radius: 0.375rem; cursor: pointer; }
form button { margin-top: 1.25rem; }
button:hover { background: var(--accent-hover); }
button.secondary { color: var(--text); background: var(--secondary); border-color: var(--field-border); }
button.secondary:hover { background: var(--secondary-hover); }
input:focus-visible, button:focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; }
input:focus-visible { border-color: var(--focus); }
.actions { display: flex; flex-direction: column; gap: 0.5rem; }
.error { padding: 0.75rem; font-size: 0.875rem; color: var(--error-text); background: var(--error-back); border: 1px solid var(--error-border); border-radius: 0.375rem; }
`

/**
 * The one inline style these pages carry, as a Content-Security-Policy source: the policy allows this style
 * and nothing else (no `'unsafe-inline'`, no style attribute).
 */
export const STYLE_SOURCE = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">WADP Console</p>
${body}
</main>
</body>
</html>
`
}

export const LOGIN_TITLE = 'Sign in to WADP console'
export const WRONG_CREDENTIALS = 'Wrong e-mail or password.'
/** What the page says once an address has failed too often (server/auth/sign-in-limit.ts). */
export const tooManySignIns = (seconds: number) =>
  `Too many failed sign-ins from this address. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`

export function renderLoginPage(options: { action: string; email?: string; error?: string }): string {
  const { action, email = '', error } = options
  const errorBlock = error ? `<p class="error" id="login-error" role="alert">${escapeHtml(error)}</p>\n` : ''
  const describedBy = error ? ' aria-describedby="login-error" aria-invalid="true"' : ''
  // Autofocus the field the user most likely needs next: the password after a failed attempt.
  const emailFocus = email ? '' : ' autofocus'
  const passwordFocus = email ? ' autofocus' : ''
  return page(
    LOGIN_TITLE,
    `<h1>${escapeHtml(LOGIN_TITLE)}</h1>
${errorBlock}<form method="post" action="${escapeHtml(action)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"${describedBy}${emailFocus}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${describedBy}${passwordFocus}>
<button type="submit">Sign in</button>
</form>`,
  )
}

export function renderMessagePage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`)
}

export function renderLogoutPage(options: { form: string; host: string }): string {
  // `form` is the hidden form (with its CSRF token) generated by oidc-provider; it is trusted markup.
  return page(
    'Sign out',
    `<h1>Sign out of ${escapeHtml(options.host)}?</h1>
${options.form}
<div class="actions">
<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button>
<button class="secondary" type="submit" form="op.logoutForm">No, stay signed in</button>
</div>`,
  )
}
