/** Escaping of displayed caption text for the XML and WebVTT writers, and its split into lines. */

export const XML_DECLARATION = '<?xml version="1.0" encoding="utf-8" ?>'

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Characters XML 1.0 cannot carry at all, even escaped (controls, lone surrogates, U+FFFE/U+FFFF). */
const XML_INVALID_CHARS = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu

/** Text content or attribute value for XML: escapes markup characters and drops characters XML forbids. */
export function escapeXml(text: string): string {
  return text.replace(XML_INVALID_CHARS, '').replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch)
}

/** WebVTT cue text: `&`, `<` and `>` must be escaped (`>` too, so text can never contain `-->`). */
export function escapeVtt(text: string): string {
  return text.replace(/[&<>]/g, (ch) => ESCAPES[ch] ?? ch)
}

/** Display text split into its non-blank lines (a blank line would end a cue in SRT and VTT). */
export function displayLines(display: string): string[] {
  return display
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
}
