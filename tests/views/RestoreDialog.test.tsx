// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { PlanDiff } from '../../src/views/RestoreDialog.tsx'

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
