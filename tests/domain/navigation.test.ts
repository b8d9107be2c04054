import { describe, expect, it } from 'vitest'
import { SIDEBAR, visibleSidebar } from '../../src/types/navigation.ts'

const outline = (sections: readonly { label: string; links: readonly { label: string; to: string }[] }[]) =>
  sections.map((section) => [section.label, section.links.map((link) => `${link.label} ${link.to}`)])

describe('the sidebar, its type links read from the registry', () => {
  it('lists every page of spec section 2 in its section and order', () => {
    expect(outline(SIDEBAR)).toEqual([
      [
        'Configuration',
        [
          'Websites /websites',
          'Page Rules /page-rules',
          'Directors /directors',
          'Synthetic Responses /synthetic-responses',
          'VCL Snippets /code-snippets',
        ],
      ],
      [
        'Security',
        ['IP Lists /ipLists', 'Rate Limits /rate-limits', 'WAF Policies /waf-policies', 'Captchas /captchas'],
      ],
      ['Crypto', ['TLS Policies /ssl-policies', 'LE Certificates /managed-certificates']],
      ['Tool', ['Invalidation /invalidation', 'Statistics /statistics', 'Backups /backups']],
      ['Documentation', ['API Docs /api-docs']],
      [
        'Admin',
        [
          'Projects /admin',
          'Backend Health /backend-health',
          'Nodes /nodes',
          'Pools /pools',
          'Blocklist /access-list',
          'Users /users',
          'Manage Tokens /tokens',
          'Access Tokens /access-tokens',
          'SSO Groups/Roles /sso-groups-roles',
          'Audit Log /audit',
          'Resources /resources',
          'Config Status /config-status',
          'Management /management',
        ],
      ],
    ])
  })

  it('shows a type link by its list permission, a website by list and get (spec section 6)', () => {
    const seen = (permissions: string[]) => outline(visibleSidebar(permissions).sections)
    expect(seen(['wadp.ratelimits.list'])).toEqual([['Security', ['Rate Limits /rate-limits']]])
    expect(seen(['wadp.websites.list'])).toEqual([])
    expect(seen(['wadp.websites.list', 'wadp.websites.get'])).toEqual([
      ['Configuration', ['Websites /websites']],
      ['Documentation', ['API Docs /api-docs']],
    ])
    // A platform page needs everything, platform-wide: in one project it is not enough.
    expect(outline(visibleSidebar(['wadp.*.*', 'auth.projects.list'], []).sections).at(-1)).toEqual([
      'Admin',
      ['Access Tokens /access-tokens', 'Resources /resources'],
    ])
  })
})
