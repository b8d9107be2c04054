// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { keepEarlySignIn, PRERENDERED_SIGN_IN, SSO_ASKED_EARLY, SUBMITTED_EARLY } from '../../src/ui/early-sign-in.ts'
import { SignInPage } from '../../src/views/SignInPage.tsx'
import { liveAnnouncements } from '../tools/live-announcements.ts'

afterEach(cleanup)

function renderPage(props: Partial<Parameters<typeof SignInPage>[0]> = {}) {
  const onTokenSignIn = vi.fn()
  const onSsoSignIn = vi.fn()
  const view = render(<SignInPage onTokenSignIn={onTokenSignIn} onSsoSignIn={onSsoSignIn} {...props} />)
  return { ...view, onTokenSignIn, onSsoSignIn }
}

/** index.html's copy of the sign-in form (src/prerender.tsx), put in the page; its token field. */
function earlyCopy(formAttributes = ''): HTMLInputElement {
  const early = document.createElement('div')
  early.setAttribute(PRERENDERED_SIGN_IN, '')
  early.innerHTML = `<form ${formAttributes}><input name="token" type="password"></form>`
  document.body.append(early)
  return early.querySelector('input') as HTMLInputElement
}

describe('SignInPage', () => {
  it("takes over what was typed into index.html's copy of the form before the JavaScript ran, focus included", async () => {
    const typed = earlyCopy()
    typed.value = 'typed-'
    typed.focus()
    // As the boot module does before the console's first render; the visitor types on until that render
    // replaces the copy.
    keepEarlySignIn()
    typed.value = 'typed-early'
    typed.closest(`[${PRERENDERED_SIGN_IN}]`)?.remove()
    const { onTokenSignIn } = renderPage()
    const field = screen.getByLabelText('API token') as HTMLInputElement
    expect(field.value).toBe('typed-early')
    expect(document.activeElement).toBe(field)
    expect(onTokenSignIn).not.toHaveBeenCalled()
    await userEvent.setup().type(field, '{Enter}')
    expect(onTokenSignIn).toHaveBeenCalledWith('typed-early')
  })

  it('leaves the focus alone when the visitor had moved on from the field before the console took over', async () => {
    const typed = earlyCopy()
    typed.focus()
    keepEarlySignIn()
    typed.value = 'typed-early'
    typed.blur()
    await Promise.resolve()
    typed.closest(`[${PRERENDERED_SIGN_IN}]`)?.remove()
    renderPage()
    const field = screen.getByLabelText('API token') as HTMLInputElement
    expect(field.value).toBe('typed-early')
    expect(document.activeElement).not.toBe(field)
  })

  it('signs in with what was typed when the visitor asked to before the JavaScript ran, once', () => {
    const typed = earlyCopy(SUBMITTED_EARLY)
    typed.value = ' typed-early\n'
    keepEarlySignIn()
    typed.closest(`[${PRERENDERED_SIGN_IN}]`)?.remove()
    const { onTokenSignIn, rerender, onSsoSignIn } = renderPage()
    rerender(<SignInPage onTokenSignIn={onTokenSignIn} onSsoSignIn={onSsoSignIn} busy />)
    expect(onTokenSignIn).toHaveBeenCalledTimes(1)
    expect(onTokenSignIn).toHaveBeenCalledWith('typed-early')
    // A later sign-in form (after a sign-out) starts empty and asks for nothing.
    cleanup()
    const again = renderPage()
    expect((screen.getByLabelText('API token') as HTMLInputElement).value).toBe('')
    expect(again.onTokenSignIn).not.toHaveBeenCalled()
  })

  it('signs in with SSO when the visitor clicked its button before the JavaScript ran, once', () => {
    const typed = earlyCopy()
    typed.closest(`[${PRERENDERED_SIGN_IN}]`)?.setAttribute(SSO_ASKED_EARLY, '')
    keepEarlySignIn()
    typed.closest(`[${PRERENDERED_SIGN_IN}]`)?.remove()
    const { onTokenSignIn, onSsoSignIn, rerender } = renderPage()
    rerender(<SignInPage onTokenSignIn={onTokenSignIn} onSsoSignIn={onSsoSignIn} busy />)
    expect(onSsoSignIn).toHaveBeenCalledTimes(1)
    expect(onTokenSignIn).not.toHaveBeenCalled()
    cleanup()
    expect(renderPage().onSsoSignIn).not.toHaveBeenCalled()
  })

  it('starts empty, without taking the focus, when nothing was typed before', () => {
    renderPage()
    const field = screen.getByLabelText('API token') as HTMLInputElement
    expect(field.value).toBe('')
    expect(document.activeElement).not.toBe(field)
  })

  it('submits the typed token when Enter is pressed', async () => {
    const user = userEvent.setup()
    const { onTokenSignIn } = renderPage()
    await user.type(screen.getByLabelText('API token'), 'secret-token{Enter}')
    expect(onTokenSignIn).toHaveBeenCalledWith('secret-token')
  })

  it('accepts a pasted token and trims the newline that came with it', async () => {
    const user = userEvent.setup()
    const { onTokenSignIn } = renderPage()
    await user.click(screen.getByLabelText('API token'))
    await user.paste('pasted-token\n')
    await user.click(screen.getByRole('button', { name: 'Sign in with token' }))
    expect(onTokenSignIn).toHaveBeenCalledWith('pasted-token')
  })

  it('keeps the typed token and shows the error when the sign-in fails', async () => {
    const user = userEvent.setup()
    const { rerender, onTokenSignIn, onSsoSignIn } = renderPage()
    await user.type(screen.getByLabelText('API token'), 'wrong-token{Enter}')
    rerender(<SignInPage onTokenSignIn={onTokenSignIn} onSsoSignIn={onSsoSignIn} busy />)
    rerender(
      <SignInPage
        onTokenSignIn={onTokenSignIn}
        onSsoSignIn={onSsoSignIn}
        error="Login failed. Your credentials or permissions are incorrect."
      />,
    )
    expect(screen.getByRole('alert').textContent).toBe('Login failed. Your credentials or permissions are incorrect.')
    expect(screen.getByLabelText<HTMLInputElement>('API token').value).toBe('wrong-token')
  })

  it('refuses an empty token without calling sign-in', async () => {
    const user = userEvent.setup()
    const { onTokenSignIn } = renderPage()
    await user.click(screen.getByRole('button', { name: 'Sign in with token' }))
    expect(onTokenSignIn).not.toHaveBeenCalled()
    const field = screen.getByLabelText('API token')
    expect(field.getAttribute('aria-invalid')).toBe('true')
    const describedBy = field.getAttribute('aria-describedby') ?? ''
    expect(document.getElementById(describedBy)?.textContent).toBe('Token cannot be empty.')
    // The field takes the focus from the button, so that its error is read out.
    expect(document.activeElement).toBe(field)
  })

  it('reads out the empty token refused by Enter in the field, where the focus already was', async () => {
    const user = userEvent.setup()
    const { container, onTokenSignIn } = renderPage()
    const field = screen.getByLabelText('API token')
    // The live region is there before the error comes into it, as screen readers need.
    const live = container.querySelector('form [aria-live]')
    expect(live?.getAttribute('aria-live')).toBe('polite')
    await user.type(field, '{Enter}')
    expect(onTokenSignIn).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(field)
    expect(live?.textContent).toContain('Token cannot be empty.')
  })

  it('says an empty token refused again by Enter in the field again, and once each time', async () => {
    const user = userEvent.setup()
    const { container, onTokenSignIn } = renderPage()
    const live = liveAnnouncements(container)
    const field = screen.getByLabelText('API token')
    await user.type(field, '{Enter}')
    expect(live.said()).toEqual(['Token cannot be empty.'])
    // The message is the same, but the press did something: it is said again.
    await user.type(field, '{Enter}')
    expect(live.said()).toEqual(['Token cannot be empty.'])
    expect(onTokenSignIn).not.toHaveBeenCalled()
    // Typing takes it back, so that browse mode does not read it again below the field's own error.
    await user.type(field, 'a')
    expect(field.getAttribute('aria-invalid')).toBeNull()
    expect(container.querySelector('[aria-live]')?.textContent).toBe('')
  })

  it('leaves the error to the field it focuses when Sign in with token refused an empty token', async () => {
    const user = userEvent.setup()
    const { container } = renderPage()
    const live = liveAnnouncements(container)
    const button = screen.getByRole('button', { name: 'Sign in with token' })
    await user.click(button)
    // The focus moves to the field, which is read with its description, the error: no live region says
    // it a second time.
    const field = screen.getByLabelText('API token')
    expect(document.activeElement).toBe(field)
    expect(field.getAttribute('aria-describedby')).toBeTruthy()
    expect(live.said()).toEqual([])
    // The same from the button again, once the user has gone back to it: the focus moving says it again.
    await user.click(button)
    expect(document.activeElement).toBe(field)
    expect(live.said()).toEqual([])
  })

  it('starts the SSO sign-in', async () => {
    const user = userEvent.setup()
    const { onSsoSignIn } = renderPage()
    await user.click(screen.getByRole('button', { name: 'Sign in with SSO' }))
    expect(onSsoSignIn).toHaveBeenCalledOnce()
  })

  it('keeps the focus on Sign in with token while its sign-in runs and after it fails', async () => {
    const user = userEvent.setup()
    const { rerender, onTokenSignIn, onSsoSignIn } = renderPage()
    await user.type(screen.getByLabelText('API token'), 'wrong-token')
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Sign in with token' })
    await user.click(button)
    expect(onTokenSignIn).toHaveBeenCalledOnce()
    const page = (busy: boolean, error?: string) => (
      <SignInPage onTokenSignIn={onTokenSignIn} onSsoSignIn={onSsoSignIn} busy={busy} error={error} />
    )
    rerender(page(true))
    // Busy, not disabled: a disabled button would drop the focus to the page's body.
    expect(button.disabled).toBe(false)
    expect(button.getAttribute('aria-disabled')).toBe('true')
    await user.keyboard('{Enter}')
    expect(onTokenSignIn).toHaveBeenCalledOnce()
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Sign in with SSO' }).disabled).toBe(true)
    rerender(page(false, 'Login failed. Your credentials or permissions are incorrect.'))
    expect(document.activeElement).toBe(button)
  })

  it('disables both ways in while a sign-in is in progress', () => {
    renderPage({ busy: true })
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Sign in with token' }).disabled).toBe(true)
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Sign in with SSO' }).disabled).toBe(true)
  })
})
