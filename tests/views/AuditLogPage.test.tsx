// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AuditSummary } from '../../src/domain/audit.ts'
import { AuditLogPage, type AuditLogPageProps } from '../../src/views/AuditLogPage.tsx'
import { liveAnnouncements } from '../tools/live-announcements.ts'

afterEach(cleanup)

const AT = '2026-11-29T13:08:34Z'
const actor = (email: string): AuditSummary['actor'] => ({
  type: 'user',
  email,
  token_prefix: null,
  ip: null,
  user_agent: null,
})
const ROWS: AuditSummary[] = [
  {
    public_id: 'a1',
    occurred_at: AT,
    actor: actor('admin@example.com'),
    action: 'directors.update',
    result: 'success',
    resource: { type: 'directors', name: 'api-origin' },
    project: 'shop',
  },
  {
    public_id: 'a2',
    occurred_at: AT,
    actor: actor('operator@example.com'),
    action: 'websites.delete',
    result: 'success',
    resource: { type: 'websites', name: 'blog' },
    project: 'shop',
  },
]

function props(overrides: Partial<AuditLogPageProps> = {}): AuditLogPageProps {
  return {
    filters: {},
    page: 1,
    items: 50,
    list: { status: 'ready', rows: ROWS, total: ROWS.length },
    refreshing: false,
    onApply: vi.fn(),
    onPage: vi.fn(),
    onRetry: vi.fn(),
    renderEntryLink: (publicId, children, name) => (
      <a href={`/audit/${publicId}`} aria-label={name}>
        {children}
      </a>
    ),
    ...overrides,
  }
}

const TIME_REFUSED = 'must be a date and time such as 23-11-2026 14:05 (day-month-year, 24-hour)'

describe('AuditLogPage', () => {
  it('names each entry link by its time and its place in the list, so that entries of one second differ', () => {
    render(<AuditLogPage {...props({ page: 2, items: 2, list: { status: 'ready', rows: ROWS, total: 5 } })} />)
    const links = screen.getAllByRole('link').filter((link) => link.getAttribute('href')?.startsWith('/audit/'))
    expect(links).toHaveLength(2)
    // The name begins with the time shown, no space before its comma (e2e/audit.spec.ts checks Chromium's).
    expect(screen.getByRole('link', { name: /^\d\d-\d\d-\d{4} \d\d:\d\d:\d\d, entry 3 of 5$/ })).toBe(links[0])
    expect(screen.getByRole('link', { name: /, entry 4 of 5$/ })).toBe(links[1])
    // What is shown stays the time alone: the rest is for screen readers.
    for (const link of links) expect(link.textContent).toMatch(/^\d\d-\d\d-\d{4} \d\d:\d\d:\d\d$/)
  })

  it('numbers the rows shown by their own page while the next page is read', () => {
    // Page 2 asked for; the rows still shown are page 1's, the answer says so.
    render(
      <AuditLogPage
        {...props({ page: 2, items: 2, refreshing: true, list: { status: 'ready', rows: ROWS, total: 5, first: 1 } })}
      />,
    )
    const links = screen.getAllByRole('link').filter((link) => link.getAttribute('href')?.startsWith('/audit/'))
    expect(screen.getByRole('link', { name: /, entry 1 of 5$/ })).toBe(links[0])
    expect(screen.getByRole('link', { name: /, entry 2 of 5$/ })).toBe(links[1])
  })

  it('reads each row’s action and actor once, in their columns, not again in the link', () => {
    render(<AuditLogPage {...props()} />)
    const row = screen.getAllByRole('row').find((candidate) => candidate.textContent?.includes('Director updated'))
    const link = row?.querySelector('a') as HTMLElement
    expect(row?.textContent?.split('Director updated')).toHaveLength(2)
    expect(row?.textContent?.split('admin@example.com')).toHaveLength(2)
    expect(link.getAttribute('aria-label')).not.toContain('Director updated')
    expect(link.getAttribute('aria-label')).not.toContain('admin@example.com')
  })

  it('says a refused result from the address in its note, lists no entry, and applies the filters without it', async () => {
    const user = userEvent.setup()
    const onApply = vi.fn()
    render(
      <AuditLogPage
        {...props({
          onApply,
          filters: { actor: 'admin', result: 'bogus' },
          refused: { result: 'must be success or failure' },
        })}
      />,
    )
    expect(
      screen.getByText(
        'The filters in the address were not applied (result must be success or failure): correct them and apply them to see the entries.',
      ),
    ).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Apply filters' }))
    expect(onApply).toHaveBeenCalledWith({ actor: 'admin', from: '', to: '' })
  })

  it('says a refused filter when Enter is pressed in it, again at each press, and not when the focus moves to it', async () => {
    const user = userEvent.setup()
    const onApply = vi.fn()
    const { container } = render(<AuditLogPage {...props({ onApply })} />)
    const live = liveAnnouncements(container)
    const from = screen.getByLabelText('From')
    await user.type(from, 'yesterday{Enter}')
    // The focus was in the field already: nothing moved, so the live region says its error.
    expect(document.activeElement).toBe(from)
    expect(from.getAttribute('aria-invalid')).toBe('true')
    expect(live.said()).toEqual([TIME_REFUSED])
    // The same words, but the press did something: said again, once.
    await user.type(from, '{Enter}')
    expect(live.said()).toEqual([TIME_REFUSED])
    expect(onApply).not.toHaveBeenCalled()
    // Typing takes the copy back, so that browse mode does not read it again below the field's own error.
    await user.type(from, 'x')
    expect(container.querySelector('form [aria-live]')?.textContent).toBe('')
    // From the button the focus moves to the field, which is read with its error: no live region says it.
    await user.click(screen.getByRole('button', { name: 'Apply filters' }))
    expect(document.activeElement).toBe(from)
    expect(live.said()).toEqual([])
    // Enter in another field, the focus moving to the refused one: the same.
    await user.type(screen.getByLabelText('Actor'), 'admin{Enter}')
    expect(document.activeElement).toBe(from)
    expect(live.said()).toEqual([])
    live.stop()
  })
})
