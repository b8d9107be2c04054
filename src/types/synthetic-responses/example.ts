import { resourceExample } from '../../domain/resource-example.ts'
import { SyntheticFields } from './fields.ts'

/** The shop's robots.txt, answered by the edge (the OpenAPI documents' examples; src/domain/resource-example.ts). */
export const example = resourceExample(SyntheticFields, {
  create: {
    name: 'robots-txt',
    display_name: 'robots.txt',
    status: 200,
    content_type: 'text/plain; charset=utf-8',
    body: 'User-agent: *\nDisallow: /checkout/\nDisallow: /account/\n',
    ttl_s: 3600,
  },
  update: {
    body: 'User-agent: *\nDisallow: /checkout/\nDisallow: /account/\nSitemap: https://shop.example.com/sitemap.xml\n',
  },
})
