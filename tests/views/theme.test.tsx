// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ThemeSwitcher } from '../../src/ui/ThemeSwitcher.tsx'
import { applyTheme, readStoredTheme, THEME_STORAGE_KEY, useTheme } from '../../src/ui/theme.ts'
import { stubMatchMedia } from '../tools/fake-media-query.ts'

/** A prefers-color-scheme that the test can flip. */
function fakeColorScheme(dark: boolean) {
  let current = dark
  const media = stubMatchMedia(() => current)
  return {
    listeners: media.listeners,
    flip(next: boolean) {
      current = next
      media.tell()
    },
  }
}

const isDark = () => document.documentElement.classList.contains('dark')

afterEach(() => {
  cleanup()
  applyTheme('light')
  localStorage.clear()
  vi.unstubAllGlobals()
})

describe('theme', () => {
  it('puts class="dark" on <html> for dark and removes it for light', () => {
    applyTheme('dark')
    expect(isDark()).toBe(true)
    applyTheme('light')
    expect(isDark()).toBe(false)
  })

  it('follows the system colour scheme, including later changes, and stops when another theme is chosen', () => {
    const scheme = fakeColorScheme(false)
    applyTheme('system')
    expect(isDark()).toBe(false)
    scheme.flip(true)
    expect(isDark()).toBe(true)
    applyTheme('light')
    expect(scheme.listeners.size).toBe(0)
    expect(isDark()).toBe(false)
  })

  it("stores the choice under 'theme', which logout's wadp. sweep leaves alone", async () => {
    function Settings() {
      const [theme, setTheme] = useTheme()
      return <ThemeSwitcher value={theme} onChange={setTheme} />
    }
    const user = userEvent.setup()
    render(<Settings />)
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'System' }).checked).toBe(true)
    await user.click(screen.getByRole('radio', { name: 'Dark' }))
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark')
    expect(THEME_STORAGE_KEY.startsWith('wadp.')).toBe(false)
    expect(readStoredTheme()).toBe('dark')
    await act(async () => {})
    expect(isDark()).toBe(true)
  })
})
