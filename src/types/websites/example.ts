import { resourceExample } from '../../domain/resource-example.ts'
import { WebsiteFields } from './fields.ts'

/** The shop's blog, served by the storefront's origin (the OpenAPI documents' examples; src/domain/resource-example.ts). */
export const example = resourceExample(WebsiteFields, {
  create: {
    name: 'blog-shop-example-com',
    display_name: 'Shop blog',
    domain_name: 'blog.shop.example.com',
    domain_aliases: ['stories.shop.example.com'],
    default_director: 'shop-origin',
    ssl_policies: ['storefront-tls'],
    default_rules: { hsts_enabled: true, custom_vcl_deliver: 'security-headers' },
    cache: { default_ttl_s: 600, redirect_http_to_https: true },
  },
  update: {
    display_name: 'Shop blog and stories',
    challenges: ['storefront-challenge'],
  },
})
