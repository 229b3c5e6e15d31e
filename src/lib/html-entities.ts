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
  return text.replace(REFERENCE, (reference) => {
    decoder ??= document.createElement('textarea')
    decoder.innerHTML = reference
    return decoder.value
  })
}
