import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** Serious and critical axe violations of the page as it stands, summarised for the failure message. */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  // Only the violations are read: axe then skips collecting every node that passes (most of the cost on a
  // page with a full sidebar and table). `options` goes first: it replaces what `withTags` sets.
  const builder = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
  const results = await (include ? builder.include(include) : builder).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    )
}
