/** axe-core with the WCAG 2.1 A/AA rules, its violations as one readable line each (rule, impact, elements, help). */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

const WCAG_21_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

export async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA_TAGS).analyze()
  return violations.map(
    (v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')} — ${v.help}`,
  )
}
