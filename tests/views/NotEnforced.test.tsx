// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { StoredRecord } from '../../src/api/resources.ts'
import { initialDraft } from '../../src/domain/resource-body.ts'
import type { ResourceUi } from '../../src/domain/resource-ui.ts'
import { directorsUi } from '../../src/types/directors/screen.ts'
import { wafPoliciesUi } from '../../src/types/waf-policies/screen.ts'
import { ResourceDetail } from '../../src/views/resources/ResourceDetail.tsx'

afterEach(cleanup)

const meta = {
  revision: 1,
  created_at: '2026-03-04T05:06:07.000Z',
  created_by: 'admin@example.com',
  updated_at: '2026-03-04T05:06:07.000Z',
  updated_by: 'admin@example.com',
}

function show(ui: ResourceUi, fields: Record<string, unknown>) {
  const record = { ...initialDraft(ui.fields), name: 'x', display_name: null, ...meta, ...fields } as StoredRecord
  render(
    <ResourceDetail
      ui={ui}
      record={record}
      can={{ update: true, delete: true }}
      renderEditLink={(content) => <a href="/edit">{content}</a>}
      renderReference={(type, name) => <a href={`/${type}/${name}`}>{name}</a>}
      onDelete={vi.fn()}
      onCopy={vi.fn()}
    />,
  )
  return screen.queryByRole('region', { name: 'Not enforced by Varnish nodes' })
}

describe("what Varnish nodes do not enforce, on a resource's page", () => {
  it("lists what of a director a Varnish node leaves undone, in the compiler's own words", () => {
    const notes = show(directorsUi, {
      backends: [{ host: 'origin.example.com', port: 443, weight: 1 }],
      tls: { enabled: true },
      waf_config: 'strict',
    })
    expect(notes).not.toBeNull()
    const items = within(notes as HTMLElement)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(items).toEqual([
      'TLS towards the backends (Varnish Cache connects to origins in plain HTTP)',
      'its WAF policy (Varnish nodes have no WAF engine)',
    ])
  })

  it('shows nothing for a director a Varnish node runs whole', () => {
    expect(show(directorsUi, { backends: [{ host: 'origin.example.com', port: 80, weight: 1 }] })).toBeNull()
  })

  it('says it of every WAF policy: Varnish nodes have no WAF engine', () => {
    const notes = show(wafPoliciesUi, {})
    expect(notes?.textContent).toContain("a WAF policy's rules (Varnish nodes have no WAF engine)")
  })
})
