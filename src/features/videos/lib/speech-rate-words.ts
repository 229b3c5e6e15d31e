/** Which tracks a words-per-minute rate means something for, and the words it counts (docs/decisions/0190). */
import type { Cue } from './cues.ts'
import { withoutSoundMarkers } from './sound-markers.ts'

/** A word: letters or digits of any script, with their combining marks, joined by an apostrophe or a hyphen. */
const WORD_RE = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*(?:['’-][\p{L}\p{M}\p{N}]+)*/gu
const LETTER_RE = /\p{L}/gu
/** Scripts written without spaces between words. */
const UNSPACED_RE =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Tibetan}]/gu
/** From this share of its letters in such scripts, a track's words cannot be counted by spaces. */
const UNSPACED_SHARE = 0.25

export type RateCue = { start: number; end: number; speechRate: number }

export type SpeechRateBasis =
  | { kind: 'words'; cues: RateCue[] }
  | { kind: 'unspaced' }
  /** Nothing but sound markers (or nothing at all): nobody speaks. */
  | { kind: 'no-words' }

const count = (text: string, re: RegExp) => text.match(re)?.length ?? 0

/**
 * Words per minute from the words in the text itself, never from the service's wordCount (runs of a–z and digits:
 * 0 or a few for Arabic, Cyrillic or Devanagari, split words for accented Latin); not at all for unspaced scripts.
 */
export function speechRateBasis(cues: readonly Cue[]): SpeechRateBasis {
  let letters = 0
  let unspaced = 0
  let words = 0
  const rated = cues.map((c) => {
    const said = withoutSoundMarkers(c.text)
    letters += count(said, LETTER_RE)
    unspaced += count(said, UNSPACED_RE)
    const n = count(said, WORD_RE)
    words += n
    const seconds = c.end - c.start
    return { start: c.start, end: c.end, speechRate: seconds > 0 ? (n / seconds) * 60 : 0 }
  })
  if (letters > 0 && unspaced / letters >= UNSPACED_SHARE) return { kind: 'unspaced' }
  return words === 0 ? { kind: 'no-words' } : { kind: 'words', cues: rated }
}
