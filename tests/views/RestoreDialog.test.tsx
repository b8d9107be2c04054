// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import RestoreDialog, { PlanDiff, type RestoreView } from '../../src/views/RestoreDialog.tsx'

afterEach(cleanup)

describe('a backup’s dry run', () => {
  it('names each changed field by its label, from its value now to the backup’s', () => {
    render(
      <PlanDiff
        heading="Changes the restore makes"
        changes={[
          {
            type: 'ratelimits',
            name: 'login-throttle',
            action: 'update',
            fields: ['match', 'penalty_s', 'secret'],
            values: {
              match: {
                now: { paths: ['/login'], methods: ['POST'] },
                backup: { paths: ['/login', '/signin'], methods: ['POST'] },
              },
              penalty_s: { now: 60, backup: 300 },
            },
          },
        ]}
      />,
    )
    const items = screen.getAllByRole('listitem').map((item) => item.textContent)
    expect(items).toContain('Requests counted: Paths: /login → /login, /signin')
    expect(items).toContain('Penalty (s): 60 → 300')
    expect(items).toContain('Secret: changed (its value is not shown)')
    expect(screen.getByRole('heading', { name: 'Rate Limits' })).toBeTruthy()
    expect(document.body.textContent).not.toContain('penalty_s')
  })
})

describe('the restore dialog’s focus', () => {
  const plan = {
    changes: [{ type: 'directors', name: 'shop-origin', action: 'update' as const, fields: ['display_name'] }],
    plan_revision: 4,
  }
  const view = (step: RestoreView['step'], extra: Partial<RestoreView> = {}): RestoreView => ({
    step,
    busy: step === 'applying' || step === 'planning',
    backup: { name: 'b-1', label: 'Before the migration' },
    plan,
    applied: null,
    message: null,
    replanned: false,
    unsure: false,
    ...extra,
  })
  const dialog = (step: RestoreView['step'], extra: Partial<RestoreView> = {}) => (
    <RestoreDialog view={view(step, extra)} onConfirm={() => {}} onRetry={() => {}} onClose={() => {}} />
  )

  it('says why a plan its dry run found refused cannot be restored, and offers no Restore', async () => {
    const refused =
      'website api-shop-example-com in the backup: api.shop.example.com is already used by another project'
    render(dialog('reviewing', { plan: { ...plan, refused } }))
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      `This backup cannot be restored into the project as it is now: ${refused}. The dry run tried the changes below and undid them; nothing was changed.`,
    )
    expect(screen.queryByRole('button', { name: 'Restore 1 change' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy()
  })

  it('stays on Restore while the restore applies and after a refusal, then moves to Close, the outcome said', async () => {
    const { rerender } = render(dialog('reviewing'))
    const restore = await screen.findByRole('button', { name: 'Restore 1 change' })
    restore.focus()
    rerender(dialog('applying'))
    // Pressed, the button stays where the focus is, busy: the keyboard is not sent to the page's body.
    expect(document.activeElement).toBe(restore)
    expect(restore.getAttribute('aria-disabled')).toBe('true')
    rerender(dialog('reviewing', { message: 'the platform is unavailable' }))
    expect(document.activeElement).toBe(restore)
    rerender(dialog('applying'))
    // The outcome is said in a status region there from the start, as screen readers read one out.
    const outcome = screen.getAllByRole('status').find((region) => region.tagName === 'P')
    expect(outcome?.textContent).toBe('')
    rerender(dialog('restored', { applied: plan }))
    expect(outcome?.textContent).toMatch(/^Restored: 1 change applied\./)
    // The footer's Close (the title bar's is an icon named Close too).
    const close = screen.getAllByRole('button', { name: 'Close' }).find((button) => button.textContent === 'Close')
    expect(document.activeElement).toBe(close)
  })

  it('goes to Try again when a dry run fails after Try again was pressed', async () => {
    const { rerender } = render(dialog('planFailed', { plan: null, message: 'time-out' }))
    ;(await screen.findByRole('button', { name: 'Try again' })).focus()
    rerender(dialog('planning', { plan: null }))
    rerender(dialog('planFailed', { plan: null, message: 'time-out' }))
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Try again' }))
  })

  it('says once that nothing was restored when the project changed after the dry run', () => {
    // The platform's 409 comes with the fresh plan, and says it in its own words.
    const message =
      'the project changed since the dry run (revision 7, now 8); nothing was restored: review the new plan'
    render(dialog('reviewing', { message, replanned: true }))
    expect(screen.getByRole('alert').textContent).toBe(
      'The project changed after the dry run, so nothing was restored. The plan below is the project as it is now: review it, then restore again.',
    )
    expect(screen.getByRole('button', { name: 'Restore 1 change' })).toBeTruthy()
  })
})

describe('a restore whose answer never came', () => {
  it('does not say that nothing was restored: it may have been', () => {
    const plan = { changes: [{ type: 'directors', name: 'shop-origin', action: 'create' as const }], plan_revision: 4 }
    const view: RestoreView = {
      step: 'reviewing',
      busy: false,
      backup: { name: 'b-1', label: 'Nightly' },
      plan,
      applied: null,
      message: 'The platform did not answer in time.',
      replanned: false,
      unsure: true,
    }
    const { rerender } = render(
      <RestoreDialog view={view} onConfirm={() => {}} onRetry={() => {}} onClose={() => {}} />,
    )
    const alert = screen.getByRole('alert').textContent ?? ''
    expect(alert).not.toContain('Nothing was restored')
    expect(alert).toContain('The platform did not say whether the restore was applied: it may have been.')
    // A refusal (the platform answered) still says that nothing was restored.
    rerender(
      <RestoreDialog
        view={{ ...view, unsure: false, message: 'website shop in the backup: its director is missing' }}
        onConfirm={() => {}}
        onRetry={() => {}}
        onClose={() => {}}
      />,
    )
    expect(screen.getByRole('alert').textContent).toBe(
      'Nothing was restored: website shop in the backup: its director is missing',
    )
  })
})
