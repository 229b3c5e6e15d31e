/** The platform's entity escaping of caption text and its decoding. */
import he from 'he'

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Escapes the way the platform stores caption text: `'` → `&#39;`, `"` → `&quot;`, `&` → `&amp;`. */
export function escapeLikePlatform(plain: string): string {
  return plain.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch)
}

/** Enough rounds for any escaping depth the platform produces; bounds the loop on adversarial text. */
const MAX_DECODE_ROUNDS = 8

/** `we&amp;#39;re` → `we're`: the text a viewer sees. Decodes entities until the text stops changing. */
export function decodeUntilStable(text: string): string {
  let current = text
  for (let round = 0; round < MAX_DECODE_ROUNDS && current.includes('&'); round++) {
    const next = he.decode(current)
    if (next === current) break
    current = next
  }
  return current
}

/** Escaping for the XML and VTT writers and the split into lines: the shared writers' own (contract/caption-writers). */
export { displayLines, escapeVtt, escapeXml } from '#contract/caption-writers/index.ts'
