/** Decodes HTML character references in plain text (`&#39;`, `&amp;`, `&eacute;`) with the browser's own HTML parser. */

/** A character reference: numeric, hex or named, the `;` optional as HTML allows for legacy names. */
const REFERENCE = /&(?:#\d+|#x[\da-f]+|[a-z][a-z\d]*);?/gi

let decoder: HTMLTextAreaElement | undefined

/**
 * `rock &amp; roll &#39;85` → `rock & roll '85`; text without `&` is returned as it is. Only the references themselves
 * go through the parser (a textarea reads its content as text, never as markup), so no tag in the input can become an
 * element. About 30 KB (gzip) lighter than a JavaScript entity table in the views that need only this.
 */
export function decodeHtmlEntities(text: string): string {
  if (!text.includes('&')) return text
  return text.replace(REFERENCE, (reference) => decodeCommon(reference) ?? decodeWithParser(reference))
}

/** The references the platform writes (`&#39;`, `&amp;`, `&quot;`…), decoded without the DOM: a 10,000-cue track has thousands. */
const COMMON: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&apos;': "'",
  '&nbsp;': '\u00a0',
}

function decodeCommon(reference: string): string | undefined {
  const named = COMMON[reference]
  if (named !== undefined) return named
  const numeric = /^&#(?:(\d{1,7})|x([\da-f]{1,6}));$/i.exec(reference)
  if (!numeric) return undefined
  const code = numeric[1] !== undefined ? Number(numeric[1]) : parseInt(numeric[2]!, 16)
  // The parser's own rules for NUL, surrogates, C1 controls (windows-1252) and values past Unicode.
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) || (code >= 0x80 && code <= 0x9f))
    return undefined
  return String.fromCodePoint(code)
}

function decodeWithParser(reference: string): string {
  decoder ??= document.createElement('textarea')
  decoder.innerHTML = reference
  return decoder.value
}
