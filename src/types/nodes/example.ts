import { resourceExample } from '../../domain/resource-example.ts'
import { NodeFields } from './fields.ts'

/** A new point of presence in Tokyo (the OpenAPI documents' examples; src/domain/resource-example.ts). */
export const example = resourceExample(NodeFields, {
  create: {
    name: 'pop-jp-tyo-1',
    hostname: 'pop-jp-tyo-1.edge.wadp.example',
    pop_code: 'tyo',
    country: 'jp',
    ipv4: '203.0.113.30',
    ipv6: '2001:db8:30::1',
  },
  update: {
    weight: 2,
  },
  answer: {
    applied_revision: 16,
    target_revision: 16,
    sync_state: 'in_sync',
    last_seen_at: '2026-03-02T09:30:05.000Z',
  },
  actions: {
    'post /nodes/maintenance': { nodes: ['pop-fr-par-1', 'pop-fr-par-2'], maintenance: true },
  },
})
