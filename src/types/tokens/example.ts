import { resourceExample } from '../../domain/resource-example.ts'
import { TokenFields } from './fields.ts'

/**
 * A token a deployment pipeline uses in the shop project: it expires after 90 days (the OpenAPI
 * documents' examples; src/domain/resource-example.ts).
 */
export const example = resourceExample(TokenFields, {
  create: {
    name: 'ci-deploy',
    display_name: 'CI deployments',
    owner: 'admin@example.com',
    permissions: ['wadp.websites.list', 'wadp.websites.get', 'wadp.websites.update', 'wadp.purge.create'],
    projects: ['shop'],
  },
  update: {
    projects: ['shop', 'shop-staging'],
  },
  answer: { prefix: 'Hn4rQ8', expires_at: '2026-05-31T09:30:00.000Z', last_used_at: null },
  revealed: { token: 'Hn4rQ8wZ1xK7pV3mT9cL5bJ2dF6gS0aY4eU8iO1qR7t' },
})
