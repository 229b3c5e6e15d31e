/**
 * Cue cleaning for the corpus: entities decoded until stable, rolling speech-recognition repeats removed (timings
 * kept), bracketed sound markers kept in the text and listed apart (docs/decisions/0143-corpus-clean-text.md).
 */
import he from 'he'
import { decodeUntilStable } from '#contract/decode-until-stable.ts'

export type RawCue = { text: string; offset: number; duration: number }

export type CleanCue = {
  /** 0-based order in the cleaned track. */
  seq: number
  /** The cue's own offset and duration, seconds, exactly as the service gave them. */
  start: number
  duration: number
  text: string
  /** Bracketed markers in the text, lower-cased, in order, once each: `[Music]` → `music`. */
  sounds: string[]
}

/** `[Music]`, `[ Applause ]`: what the platform writes for sounds. */
export const SOUND_MARKER = /\[([^\]]*)\]/g

/** Control characters carry no text and would collide with the search's highlight marks. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g

/** `[ Applause ]` → `applause`. */
export function soundName(inner: string): string {
  return inner.trim().replace(/\s+/g, ' ').toLowerCase()
}

export function soundsIn(text: string): string[] {
  if (!text.includes('[')) return []
  const names = [...text.matchAll(SOUND_MARKER)].map((m) => soundName(m[1] ?? '')).filter(Boolean)
  return [...new Set(names)]
}

/** `we&amp;#39;re` → `we're`, control characters dropped, ends trimmed; inner line breaks kept. */
export function cleanCueText(raw: string): string {
  return decodeUntilStable(raw, (t) => he.decode(t))
    .replace(CONTROL, '')
    .trim()
}

const oneSpaced = (text: string): string => text.replace(/\s+/g, ' ').trim()

/**
 * What a rolling cue adds to the cue before it: the words after a repeat of the previous cue's whole text, or of its
 * last line (two-line windows scroll by one line). `undefined` when the cue does not roll from the previous one.
 */
export function rollingRemainder(previous: string, current: string): string | undefined {
  const cur = oneSpaced(current)
  const lines = previous.split('\n').map(oneSpaced).filter(Boolean)
  const candidates = [oneSpaced(previous), ...(lines.length > 1 ? [lines.at(-1)!] : [])]
  for (const prefix of candidates) {
    if (!prefix) continue
    if (cur === prefix) return ''
    if (cur.startsWith(`${prefix} `)) return cur.slice(prefix.length + 1)
  }
  return undefined
}

/** The cleaned track: cues that only repeat the one before are dropped, rolling ones keep their new words. */
export function cleanCues(items: readonly RawCue[]): CleanCue[] {
  const out: CleanCue[] = []
  let previous = ''
  for (const item of items) {
    const decoded = cleanCueText(item.text)
    const rolled = previous ? rollingRemainder(previous, decoded) : undefined
    previous = decoded
    const text = rolled ?? decoded
    if (!text) continue
    out.push({ seq: out.length, start: item.offset, duration: item.duration, text, sounds: soundsIn(text) })
  }
  return out
}
