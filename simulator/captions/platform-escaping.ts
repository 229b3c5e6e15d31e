/** The platform's entity escaping of caption text, its decoding, and escaping for the XML and VTT writers. */
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

/** Characters XML 1.0 cannot carry at all, even escaped (controls, lone surrogates, U+FFFE/U+FFFF). */
const XML_INVALID_CHARS = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu

/** Text content or attribute value for XML: escapes markup characters and drops characters XML forbids. */
export function escapeXml(text: string): string {
  return text.replace(XML_INVALID_CHARS, '').replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch)
}

/** WebVTT cue text: `&`, `<` and `>` must be escaped (`>` too, so text can never contain `-->`). */
export function escapeVtt(text: string): string {
  return text.replace(/[&<>]/g, (ch) => HTML_ESCAPES[ch] ?? ch)
}

/** Display text split into its non-blank lines (a blank line would end a cue in SRT and VTT). */
export function displayLines(display: string): string[] {
  return display
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
}
