/** The platform escapes caption text, sometimes twice (`&amp;#39;`): every reader decodes it until it stops changing. */

/** Enough for any escaping depth seen in practice; bounds the loop on adversarial input. */
const MAX_DECODE_ROUNDS = 8

/** `we&amp;#39;re` → `we're`: applies `decodeOnce` until the text stops changing (at most MAX_DECODE_ROUNDS times). */
export function decodeUntilStable(text: string, decodeOnce: (text: string) => string): string {
  let current = text
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    if (!current.includes('&')) return current
    const next = decodeOnce(current)
    if (next === current) return current
    current = next
  }
  return current
}
