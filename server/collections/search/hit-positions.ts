/**
 * Where a word query's hits lie in a cue, from the positions its stored tsvector gives the query's lexemes: the text's
 * words counted as Postgres's default parser counts them. ts_headline finds the same by parsing and stemming every cue
 * again, ~17 µs a cue and most of a page's time (decision 0197). Only text the parser reads as plain words is placed
 * here; anything it could read otherwise (hyphenated words, numbers with points, addresses, non-ASCII punctuation a C
 * locale reads as letters) is left to ts_headline, and so is any word that does not begin with its lexeme.
 */
import type { Span } from './kwic.ts'

/** One operand of a tsquery as Postgres writes it (`'metro' <-> 'station'`, `'run':*`). */
export type Operand = { lexeme: string; prefix: boolean }

const OPERAND = /'((?:[^'\\]|''|\\.)*)'(:[*A-D]+)?/g
const LEXEME = /'((?:[^'\\]|''|\\.)*)'(?::([0-9A-D,]+))?/g

const unquote = (s: string) => s.replace(/''/g, "'").replace(/\\(.)/g, '$1')

/** The operands of a tsquery's text (negated ones too: ts_headline marks them alike). */
export function tsqueryOperands(tsquery: string): Operand[] {
  return [...tsquery.matchAll(OPERAND)].map((m) => ({
    lexeme: unquote(m[1]!),
    prefix: (m[2] ?? '').includes('*'),
  }))
}

/** Each lexeme of a tsvector's text (`'metro':3 'station':4,9`) with its word positions. */
export function tsvectorPositions(tsvector: string): Map<string, number[]> {
  const out = new Map<string, number[]>()
  for (const m of tsvector.matchAll(LEXEME)) {
    const positions = (m[2] ?? '')
      .split(',')
      .filter(Boolean)
      .map((p) => Number.parseInt(p, 10))
    out.set(unquote(m[1]!), positions)
  }
  return out
}

const quote = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}':`

/** The positions of the operands' own lexemes alone, found where the vector writes them (no prefix operands). */
function operandPositions(tsvector: string, operands: readonly Operand[]): Map<string, number[]> {
  const out = new Map<string, number[]>()
  for (const { lexeme } of operands) {
    const key = quote(lexeme)
    // Each lexeme is written once, after a space or at the start: inside another lexeme a quote is doubled.
    const head = tsvector.startsWith(key)
    let at = head ? 0 : tsvector.indexOf(` ${key}`)
    if (at < 0) continue
    at += head ? key.length : key.length + 1
    let end = tsvector.indexOf(' ', at)
    if (end < 0) end = tsvector.length
    out.set(
      lexeme,
      tsvector
        .slice(at, end)
        .split(',')
        .map((p) => Number.parseInt(p, 10)),
    )
  }
  return out
}

const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u
/** ASCII the default parser reads as a gap between words wherever it stands. */
const GAP = new Set([...' \t\n\r\f\v\'"!?,;()_'])
/** ASCII it reads as a gap only away from words on both sides (else a float, a file name, a hyphenated word…). */
const GAP_AWAY_FROM_WORDS = new Set([...'.:-'])

/** The words of a cue as the default parser counts them, or undefined when it might count them otherwise. */
export function plainWords(text: string): Span[] | undefined {
  // The index is built from the text with its [sound markers] taken out (corpus_cues.tsv).
  const masked = text.replace(/\[[^\]]*\]/g, (m) => ' '.repeat(m.length))
  const words: Span[] = []
  let start = -1
  let i = 0
  for (const ch of masked) {
    const at = i
    i += ch.length
    if (WORD_CHAR.test(ch)) {
      if (start < 0) start = at
      continue
    }
    if (start >= 0) words.push({ start, end: at })
    start = -1
    if (GAP.has(ch)) continue
    const next = masked[i] ?? ''
    const prev = masked[at - 1] ?? ''
    if (GAP_AWAY_FROM_WORDS.has(ch) && !(WORD_CHAR.test(prev) && WORD_CHAR.test(next))) continue
    return undefined
  }
  if (start >= 0) words.push({ start, end: masked.length })
  return words
}

/**
 * The spans ts_headline would mark (every word holding one of the query's lexemes), or undefined when they cannot be
 * placed here with certainty.
 */
export function markedSpans(
  text: string,
  tsvector: string,
  operands: readonly Operand[],
): Span[] | undefined {
  const words = plainWords(text)
  if (!words) return undefined
  const positions = operands.some((o) => o.prefix)
    ? tsvectorPositions(tsvector)
    : operandPositions(tsvector, operands)
  const marked = new Map<number, string>()
  for (const [lexeme, at] of positions) {
    if (!operands.some((o) => (o.prefix ? lexeme.startsWith(o.lexeme) : lexeme === o.lexeme))) continue
    for (const p of at) marked.set(p, lexeme)
  }
  const spans: Span[] = []
  for (const [position, lexeme] of [...marked].sort((a, b) => a[0] - b[0])) {
    const word = words[position - 1]
    // A word that does not begin with its lexeme (a stem such as happy → happi) is not guessed.
    if (!word || !text.slice(word.start, word.end).toLowerCase().startsWith(lexeme.toLowerCase()))
      return undefined
    spans.push(word)
  }
  // A matching cue holds one of the query's words: finding none here, the vector is not read as it was written.
  return spans.length ? spans : undefined
}
