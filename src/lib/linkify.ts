/** Splits plain text into text and link pieces; only http(s) URLs become links (no javascript:, data:, …). */

export type TextPiece = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string }

const URL_RE = /\bhttps?:\/\/[^\s<>"'`]+/gi
/** Sentence punctuation that usually ends a sentence rather than a URL. */
const TRAILING = /[.,;:!?'"»”’]+$/

/** A URL's closing bracket belongs to it only when the URL also opened one (Wikipedia links). */
function trimUnbalanced(url: string): string {
  let u = url.replace(TRAILING, '')
  for (const [open, close] of [
    ['(', ')'],
    ['[', ']'],
    ['{', '}'],
  ] as const) {
    while (u.endsWith(close) && u.split(close).length > u.split(open).length)
      u = u.slice(0, -1).replace(TRAILING, '')
  }
  return u
}

/** The URL when it is a well-formed http(s) address, otherwise undefined. */
export function safeHttpUrl(candidate: string): string | undefined {
  try {
    const url = new URL(candidate)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined
  } catch {
    return undefined
  }
}

export function linkify(text: string): TextPiece[] {
  const pieces: TextPiece[] = []
  let last = 0
  const pushText = (s: string) => {
    if (!s) return
    const prev = pieces[pieces.length - 1]
    if (prev?.kind === 'text') prev.text += s
    else pieces.push({ kind: 'text', text: s })
  }
  for (const m of text.matchAll(URL_RE)) {
    const raw = trimUnbalanced(m[0])
    const start = m.index
    const href = safeHttpUrl(raw)
    pushText(text.slice(last, start))
    if (href) pieces.push({ kind: 'link', text: raw, href })
    else pushText(raw)
    last = start + raw.length
  }
  pushText(text.slice(last))
  return pieces
}
