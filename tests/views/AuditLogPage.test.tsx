// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AuditSummary } from '../../src/domain/audit.ts'
import { AuditLogPage, type AuditLogPageProps } from '../../src/views/AuditLogPage.tsx'

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
    renderEntryLink: (publicId, children) => <a href={`/audit/${publicId}`}>{children}</a>,
    ...overrides,
  }
}

describe('AuditLogPage', () => {
  it('names each entry link by its time, action and actor, so that entries of one second differ', () => {
    render(<AuditLogPage {...props()} />)
    const links = screen.getAllByRole('link').filter((link) => link.getAttribute('href')?.startsWith('/audit/'))
    expect(links).toHaveLength(2)
    const [first, second] = links.map((link) => link.textContent ?? '')
    expect(first).not.toBe(second)
    expect(first).toMatch(/^\d\d-\d\d-\d{4} \d\d:\d\d:\d\d, Director updated by admin@example\.com$/)
    expect(second).toContain('by operator@example.com')
    // What is shown stays the time alone: the rest is for screen readers (the row shows it in its columns).
    for (const link of links)
      expect(link.querySelector('time')?.textContent).toMatch(/^\d\d-\d\d-\d{4} \d\d:\d\d:\d\d$/)
  })
})
