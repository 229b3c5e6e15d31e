/** Caption text keeps the platform's HTML escaping, sometimes doubled (`&amp;#39;`): decode it for display. */
import { decodeUntilStable } from '#contract/decode-until-stable.ts'
import { decodeHtmlEntities } from '../html-entities.ts'

/** `we&amp;#39;re` → `we're`: decodes HTML entities repeatedly until the text stops changing. */
export function decodeEntitiesUntilStable(text: string): string {
  return decodeUntilStable(text, decodeHtmlEntities)
}
