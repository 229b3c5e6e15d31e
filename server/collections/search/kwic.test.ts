/**
 * KWIC lines, against the plain definitions they replaced for speed (decision 0180): the marks read one character at
 * a time, and the context words found by splitting on JavaScript's \s.
 */
import { describe, expect, it } from 'vitest'
import { CONTEXT_CHARS, CONTEXT_WORDS, kwicLine, MARK_END, MARK_START, readMarks, type Span } from './kwic.ts'

function readMarksByCharacter(marked: string): { plain: string; spans: Span[] } {
  let plain = ''
  const spans: Span[] = []
  let open: number | undefined
  for (const ch of marked) {
    if (ch === MARK_START) open = plain.length
    else if (ch === MARK_END && open !== undefined) {
      spans.push({ start: open, end: plain.length })
      open = undefined
    } else plain += ch
  }
  return { plain, spans }
}

const splitWords = (text: string) => text.split(/\s+/).filter(Boolean)
function lineBySplitting(text: string, hit: Span, previous: string | null, next: string | null) {
  const before = splitWords(`${previous ?? ''} ${text.slice(0, hit.start)}`)
    .slice(-CONTEXT_WORDS)
    .join(' ')
  const after = splitWords(`${text.slice(hit.end)} ${next ?? ''}`)
    .slice(0, CONTEXT_WORDS)
    .join(' ')
  return {
    before: before.length > CONTEXT_CHARS ? before.slice(-CONTEXT_CHARS) : before,
    hit: text.slice(hit.start, hit.end),
    after: after.length > CONTEXT_CHARS ? after.slice(0, CONTEXT_CHARS) : after,
  }
}

/** A deterministic generator (mulberry32): the same cases every run. */
function random(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

// Every kind of \s, letters of several scripts, a surrogate pair, punctuation and the two marks.
const PIECES = [
  ...' \t\n\r\v\f\u00a0\u1680\u2000\u2005\u200a\u2028\u2029\u202f\u205f\u3000\ufeff',
  ...'abcXYZéß東京метро0123.,!?-',
  '😀',
  '\u200b', // zero-width space: not \s
  'word',
  'longerwordwithoutspaces',
  MARK_START,
  MARK_END,
]

function text(next: () => number, max: number, withMarks: boolean): string {
  const length = Math.floor(next() * max)
  let out = ''
  for (let i = 0; i < length; i++) {
    const piece = PIECES[Math.floor(next() * PIECES.length)]!
    if (!withMarks && (piece === MARK_START || piece === MARK_END)) continue
    out += piece
  }
  return out
}

describe('kwic', () => {
  it('reads marks as reading them one character at a time does, stray marks included (2,000 cases)', () => {
    const next = random(180)
    for (let i = 0; i < 2000; i++) {
      const marked = text(next, 60, true)
      expect(readMarks(marked), JSON.stringify(marked)).toEqual(readMarksByCharacter(marked))
    }
  })

  it('takes the context words as splitting on \\s does, cut to CONTEXT_CHARS (2,000 cases)', () => {
    const next = random(7)
    for (let i = 0; i < 2000; i++) {
      const cue = text(next, 40, false)
      const start = Math.floor(next() * (cue.length + 1))
      const end = start + Math.floor(next() * (cue.length - start + 1))
      const previous = next() < 0.2 ? null : text(next, 200, false)
      const following = next() < 0.2 ? null : text(next, 200, false)
      const hit = { start, end }
      expect(
        kwicLine(cue, hit, previous, following),
        JSON.stringify([cue, hit, previous, following]),
      ).toEqual(lineBySplitting(cue, hit, previous, following))
    }
  })

  it('a line without a located hit has the cue as its context after', () => {
    expect(kwicLine('one  two\tthree', undefined, 'zero', null)).toEqual({
      before: 'zero',
      hit: '',
      after: 'one two three',
    })
  })
})
