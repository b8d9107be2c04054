import { resourceExample } from '../../domain/resource-example.ts'
import { PoolFields } from './fields.ts'

/** A pool for the Asia-Pacific nodes, one node first (the OpenAPI documents' examples; src/domain/resource-example.ts). */
export const example = resourceExample(PoolFields, {
  create: {
    name: 'asia-pacific',
    display_name: 'Asia-Pacific',
    description: 'Points of presence in Asia and Oceania',
    regions: ['ap-southeast', 'ap-northeast'],
    rollout: 'canary_first',
  },
  update: {
    rollout: 'serial',
  },
  answer: { nodes: [] },
})
