/** Keyword-in-context lines: the hit inside its cue, the words before and after it from the cue and its neighbours. */
import { SOUND_MARKER } from '../clean-text.ts'
import { caseInsensitivePattern } from './substring-pattern.ts'

/** About this many words each side, as concordancers show. */
export const CONTEXT_WORDS = 8
/** Scripts written without spaces (ja, zh) have no words to count: the context is cut at this many characters. */
export const CONTEXT_CHARS = 80

/** ts_headline's marks around each match; cleaning removed control characters from cue text, so they cannot collide. */
export const MARK_START = '\u0001'
export const MARK_END = '\u0002'
const MARK_START_CODE = 1
const MARK_END_CODE = 2

export type Span = { start: number; end: number }
export type Kwic = { before: string; hit: string; after: string }

/** The text without marks, and the marked spans in its coordinates. */
export function readMarks(marked: string): { plain: string; spans: Span[] } {
  // The text between marks taken in pieces: a line's worth of one-character appends was most of a page's garbage.
  const spans: Span[] = []
  const pieces: string[] = []
  let length = 0
  let from = 0
  let open: number | undefined
  for (let i = 0; i < marked.length; i++) {
    const code = marked.charCodeAt(i)
    const isStart = code === MARK_START_CODE
    if (!isStart && !(code === MARK_END_CODE && open !== undefined)) continue
    pieces.push(marked.slice(from, i))
    length += i - from
    from = i + 1
    if (isStart) open = length
    else {
      spans.push({ start: open!, end: length })
      open = undefined
    }
  }
  pieces.push(marked.slice(from))
  return { plain: pieces.join(''), spans }
}

function soundRanges(text: string): Span[] {
  return [...text.matchAll(SOUND_MARKER)].map((m) => ({ start: m.index, end: m.index + m[0].length }))
}

const inside = (s: Span, ranges: Span[]) => ranges.some((r) => s.start >= r.start && s.end <= r.end)

/**
 * The first match outside sound markers (the index ignores them), widened over the matches that follow it with only
 * spaces or punctuation between (a phrase is one hit).
 */
export function firstHit(text: string, spans: Span[]): Span | undefined {
  const markers = soundRanges(text)
  const words = spans.filter((s) => !inside(s, markers))
  const first = words[0]
  if (!first) return undefined
  let end = first.end
  for (const next of words.slice(1)) {
    if (/[\p{L}\p{N}]/u.test(text.slice(end, next.start))) break
    end = next.end
  }
  return { start: first.start, end }
}

/** Where the first wanted sound marker sits, brackets included. */
export function soundHit(text: string, wanted: readonly string[]): Span | undefined {
  for (const m of text.matchAll(SOUND_MARKER)) {
    const name = (m[1] ?? '').trim().replace(/\s+/g, ' ').toLowerCase()
    if (wanted.includes(name)) return { start: m.index, end: m.index + m[0].length }
  }
  return undefined
}

/** The first occurrence of `needle`, case ignored as the SQL ignores it, in the text's own coordinates. */
export function substringHit(text: string, needle: string): Span | undefined {
  const pattern = caseInsensitivePattern(needle)
  const start =
    pattern === undefined ? text.indexOf(needle) : (new RegExp(pattern, 'u').exec(text)?.index ?? -1)
  if (start < 0) return undefined
  const length =
    pattern === undefined ? needle.length : new RegExp(pattern, 'uy').exec(text.slice(start))![0].length
  return { start, end: start + length }
}

/** JavaScript's \s: white space and line terminators. */
function isSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d)
  if (code < 0xa0) return false
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  )
}

// The words are found where they are rather than by splitting the whole context: a page has a hundred lines.
function lastWords(text: string): string {
  const words: string[] = []
  let end = text.length
  while (words.length < CONTEXT_WORDS) {
    while (end > 0 && isSpace(text.charCodeAt(end - 1))) end--
    if (end === 0) break
    let start = end
    while (start > 0 && !isSpace(text.charCodeAt(start - 1))) start--
    words.push(text.slice(start, end))
    end = start
  }
  const joined = words.reverse().join(' ')
  return joined.length > CONTEXT_CHARS ? joined.slice(-CONTEXT_CHARS) : joined
}

function firstWords(text: string): string {
  const words: string[] = []
  let start = 0
  while (words.length < CONTEXT_WORDS) {
    while (start < text.length && isSpace(text.charCodeAt(start))) start++
    if (start === text.length) break
    let end = start
    while (end < text.length && !isSpace(text.charCodeAt(end))) end++
    words.push(text.slice(start, end))
    start = end
  }
  const joined = words.join(' ')
  return joined.length > CONTEXT_CHARS ? joined.slice(0, CONTEXT_CHARS) : joined
}

/** The line: context from the previous cues and the cue before the hit, the hit, the cue and the next cues after it. */
export function kwicLine(
  text: string,
  hit: Span | undefined,
  previousText: string | null,
  nextText: string | null,
): Kwic {
  const at = hit ?? { start: 0, end: 0 }
  return {
    before: lastWords(`${previousText ?? ''} ${text.slice(0, at.start)}`),
    hit: text.slice(at.start, at.end),
    after: firstWords(`${text.slice(at.end)} ${nextText ?? ''}`),
  }
}
