/** Caption text keeps the platform's HTML escaping, sometimes doubled (`&amp;#39;`): decode it for display. */
import { decodeHtmlEntities } from '../html-entities.ts'

/** Enough for any escaping depth seen in practice; bounds the loop on adversarial input. */
const MAX_ROUNDS = 8

/** `we&amp;#39;re` → `we're`: decodes HTML entities repeatedly until the text stops changing. */
export function decodeEntitiesUntilStable(text: string): string {
  let current = text
  for (let round = 0; round < MAX_ROUNDS; round++) {
    if (!current.includes('&')) return current
    const next = decodeHtmlEntities(current)
    if (next === current) return current
    current = next
  }
  return current
}
