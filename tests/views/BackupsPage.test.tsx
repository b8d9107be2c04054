// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BackupsPage, type BackupsPageProps, backupLabel } from '../../src/views/BackupsPage.tsx'

afterEach(cleanup)

const props = (busy: BackupsPageProps['action']['busy'], onCreate = vi.fn()): BackupsPageProps => ({
  project: 'shop',
  backups: { status: 'ready', rows: [] },
  can: { create: true, download: true, restore: true },
  action: { busy, error: null, notice: null },
  restore: {
    step: 'closed',
    busy: false,
    backup: null,
    plan: null,
    applied: null,
    message: null,
    replanned: false,
    unsure: false,
  },
  restoreReady: true,
  onCreate,
  onUpload: () => {},
  onDownload: () => {},
  onRestore: () => {},
  onConfirmRestore: () => {},
  onRetryRestore: () => {},
  onCloseRestore: () => {},
  onRetryList: () => {},
})

describe('the Backups page while a backup starts or uploads', () => {
  it('keeps the focus on Back up now, which sends nothing more until the answer', () => {
    const onCreate = vi.fn()
    const { rerender } = render(<BackupsPage {...props(null, onCreate)} />)
    const button = screen.getByRole('button', { name: 'Back up now' })
    button.focus()
    fireEvent.click(button)
    expect(onCreate).toHaveBeenCalledTimes(1)
    rerender(<BackupsPage {...props('create', onCreate)} />)
    const starting = screen.getByRole('button', { name: 'Starting…' })
    // The same button, still focusable and focused: a disabled one sends the keyboard to the page's body.
    expect(starting).toBe(button)
    expect(starting.hasAttribute('disabled')).toBe(false)
    expect(starting.getAttribute('aria-disabled')).toBe('true')
    expect(document.activeElement).toBe(starting)
    fireEvent.click(starting)
    fireEvent.submit(starting.closest('form') as HTMLFormElement)
    expect(onCreate).toHaveBeenCalledTimes(1)
  })

  it('keeps the focus on the upload button while the file uploads', () => {
    const { rerender } = render(<BackupsPage {...props(null)} />)
    const button = screen.getByRole('button', { name: 'Upload a backup…' })
    button.focus()
    rerender(<BackupsPage {...props('upload')} />)
    const uploading = screen.getByRole('button', { name: 'Uploading…' })
    expect(uploading.hasAttribute('disabled')).toBe(false)
    expect(uploading.getAttribute('aria-disabled')).toBe('true')
    expect(document.activeElement).toBe(uploading)
  })
})

describe('the Backups page once a backup has started', () => {
  it('says so in a status region that was there before, so that a screen reader reads it out', () => {
    const { rerender } = render(<BackupsPage {...props(null)} />)
    const region = screen.getByRole('status')
    expect(region.textContent).toBe('')
    const started = props(null)
    rerender(<BackupsPage {...started} action={{ ...started.action, notice: 'Backup started: nightly' }} />)
    expect(screen.getByRole('status')).toBe(region)
    expect(region.textContent).toBe('Backup started: nightly')
  })
})

describe('a backup’s label', () => {
  it('names a backup stored with a blank name by its trigger and time, never with an empty label', () => {
    const backup = {
      name: 'b-1',
      display_name: '',
      trigger: 'manual',
      status: 'completed',
      size_bytes: 10,
      sha256: null,
      resource_count: 1,
      message: null,
      requested_at: '2026-11-29T17:08:57.000Z',
      completed_at: null,
      created_by: 'admin@example.com',
    } as const
    expect(backupLabel(backup)).toMatch(/^Manual backup of \d\d-11-2026/)
    expect(backupLabel({ ...backup, display_name: 'Before the migration' })).toBe('Before the migration')
  })
})

describe('the Backups page of a project with more backups than it lists', () => {
  const backup = (index: number) =>
    ({
      name: `b-${index}`,
      display_name: `Backup ${index}`,
      trigger: 'manual',
      status: 'completed',
      requested_at: '2026-11-29T10:00:00.000Z',
      size_bytes: 1000,
      sha256: 'a'.repeat(64),
    }) as unknown as BackupsPageProps['backups']['rows'][number]

  it('says the rows are the newest of how many, not the project’s every backup', () => {
    const rows = Array.from({ length: 100 }, (_, index) => backup(index))
    render(<BackupsPage {...props(null)} backups={{ status: 'ready', rows, total: 150 }} />)
    expect(
      screen.getByText("The 100 newest of the project's 150 backups are listed; the older ones are not shown here."),
    ).toBeTruthy()
  })

  it('says nothing more when every backup is listed', () => {
    render(<BackupsPage {...props(null)} backups={{ status: 'ready', rows: [backup(1)], total: 1 }} />)
    expect(screen.queryByText(/newest of the project/)).toBeNull()
  })
})
