import { resourceExample } from '../../domain/resource-example.ts'
import { DirectorFields } from './fields.ts'

/** Two origin servers of the shop's blog, checked on /healthz (the OpenAPI documents' examples; src/domain/resource-example.ts). */
export const example = resourceExample(DirectorFields, {
  create: {
    name: 'blog-origin',
    display_name: 'Blog origin',
    type: 'round_robin',
    backends: [
      { host: 'blog-1.origin.example.com', port: 443 },
      { host: 'blog-2.origin.example.com', port: 443 },
    ],
    probe: { path: '/healthz', interval_seconds: 5 },
    tls: { enabled: true },
  },
  update: {
    backends: [
      { host: 'blog-1.origin.example.com', port: 443, weight: 2 },
      { host: 'blog-2.origin.example.com', port: 443, weight: 1 },
    ],
    type: 'weighted',
  },
})
