/** Deterministic cue tracks: timings that cover the video, text from the language's phrase bank, the platform's escaping. */
import { createRandom, hashSeed, type Random } from '../random.ts'
import type { Cue } from '../types.ts'
import { phraseBankFor, type PhraseBank } from './phrase-banks.ts'
import { decodeUntilStable, escapeLikePlatform } from './platform-escaping.ts'

/** How the text of a generated track reads: platform captions (manual, asr) or our speech recognition. */
export type GeneratedSource = 'manual' | 'asr' | 'whisper'

export type TrackRequest = { videoId: string; lang: string; durationSec: number }

const MIN_CUE_MS = 1000
const MAX_CUE_MS = 8000
/** Share of platform cues whose escaping the platform doubled (`&amp;#39;` instead of `&#39;`). */
const DOUBLE_ESCAPED_SHARE = 0.25
/** Live and upcoming videos report 0 seconds; their transcript still needs some length. */
const UNKNOWN_DURATION_MS = 60_000

/** A whole track generated from hashSeed(videoId, lang, source); offsets strictly increase, values have ≤ 3 decimals. */
export function generateCues(request: TrackRequest, source: GeneratedSource): Cue[] {
  const rng = createRandom(hashSeed(request.videoId, request.lang, source))
  const bank = phraseBankFor(request.lang)
  const nextPhrase = phraseStream(rng, bank)
  const endMs = request.durationSec > 0 ? Math.round(request.durationSec * 1000) : UNKNOWN_DURATION_MS
  const cues: Cue[] = []
  const platform = source !== 'whisper'
  const escaping = (): Escaping =>
    !platform ? 'none' : rng.chance(DOUBLE_ESCAPED_SHARE) ? 'double' : 'single'
  let startMs = rng.int(200, 2500)
  if (platform && rng.chance(0.5)) {
    // Intro music, like the samples' first `[Music]` cue.
    const durMs = Math.min(rng.int(3000, MAX_CUE_MS), Math.max(MIN_CUE_MS, endMs))
    cues.push(makeCue(request.lang, 0, durMs, bank.markers[0], 'single'))
    startMs = durMs + rng.int(300, 4000)
  }
  if (startMs >= endMs - MIN_CUE_MS && cues.length === 0) startMs = 0 // a very short video still gets one cue
  while (startMs < endMs - MIN_CUE_MS || cues.length === 0) {
    const marker = platform && rng.chance(0.04)
    const plain = marker ? rng.pick(bank.markers) : cueText(rng, nextPhrase, bank, source, request.lang)
    const wantedMs = marker ? rng.int(1500, 6000) : durationFor(rng, plain, bank)
    const durMs = Math.min(wantedMs, Math.max(MIN_CUE_MS, endMs - startMs))
    cues.push(makeCue(request.lang, startMs, durMs, plain, escaping()))
    startMs = nextStart(rng, startMs, durMs, source)
  }
  return cues
}

/**
 * The platform's auto-translation of a track: the same timings, text from the target language's bank,
 * in the base track's style (an auto-generated base gives lower-case unpunctuated text).
 */
export function translateCues(
  base: readonly Cue[],
  request: TrackRequest,
  baseSource: 'manual' | 'asr',
): Cue[] {
  const rng = createRandom(hashSeed(request.videoId, request.lang, 'translated'))
  const bank = phraseBankFor(request.lang)
  const nextPhrase = phraseStream(rng, bank)
  return base.map((cue) => {
    const baseText = decodeUntilStable(cue.text)
    const markerIndex = phraseBankFor(cue.lang).markers.indexOf(baseText)
    const lineCount = baseText.split('\n').length
    const plain =
      markerIndex >= 0
        ? bank.markers[markerIndex]!
        : baseSource === 'asr'
          ? asrText(rng, nextPhrase, bank, request.lang, Math.round(cue.duration * 1000))
          : Array.from({ length: lineCount }, nextPhrase).join('\n')
    const escaping = rng.chance(DOUBLE_ESCAPED_SHARE) ? 'double' : 'single'
    return {
      offset: cue.offset,
      duration: cue.duration,
      lang: request.lang,
      text: platformText(plain, escaping),
    }
  })
}

/** Platform tracks are entity-escaped, sometimes twice; our speech-recognition transcripts are plain text. */
type Escaping = 'none' | 'single' | 'double'

function makeCue(lang: string, startMs: number, durMs: number, plain: string, escaping: Escaping): Cue {
  return { offset: startMs / 1000, duration: durMs / 1000, lang, text: platformText(plain, escaping) }
}

function platformText(plain: string, escaping: Escaping): string {
  if (escaping === 'none') return plain
  const once = escapeLikePlatform(plain)
  return escaping === 'double' ? escapeLikePlatform(once) : once
}

/** Random phrases from the bank, never the same one twice in a row. */
function phraseStream(rng: Random, bank: PhraseBank): () => string {
  let previous = -1
  return () => {
    let index = rng.int(0, bank.phrases.length - 1)
    if (index === previous) index = (index + 1) % bank.phrases.length
    previous = index
    return bank.phrases[index]!
  }
}

function cueText(
  rng: Random,
  nextPhrase: () => string,
  bank: PhraseBank,
  source: GeneratedSource,
  lang: string,
): string {
  switch (source) {
    case 'manual':
      // Manual captions often break into two lines.
      return rng.chance(0.4) ? `${nextPhrase()}\n${nextPhrase()}` : nextPhrase()
    case 'asr':
      return asrText(rng, nextPhrase, bank, lang, rng.int(1500, 5500))
    case 'whisper':
      return sentenceCase(nextPhrase(), lang)
  }
}

/** Auto-generated text: lower case, no punctuation but apostrophes, no line breaks; about 2–3 words a second. */
function asrText(
  rng: Random,
  nextPhrase: () => string,
  bank: PhraseBank,
  lang: string,
  forMs: number,
): string {
  const wanted = bank.spaced
    ? Math.min(12, Math.max(1, Math.round((forMs / 1000) * (2 + rng.next()))))
    : Math.min(3, Math.max(1, Math.round(forMs / 2200)))
  const words: string[] = []
  // Bounded: a bank whose phrases were all punctuation would otherwise never fill the cue.
  for (let tries = 0; words.length < wanted && tries < 4 * wanted; tries++)
    words.push(...asrWords(nextPhrase(), lang))
  return words.slice(0, wanted).join(' ')
}

/** Keeps letters, marks, digits, apostrophes, inner hyphens and Persian's zero-width non-joiner (U+200C). */
function asrWords(phrase: string, lang: string): string[] {
  return lowerCase(phrase, lang)
    .replace(/[^\p{L}\p{M}\p{N}\s'’\u200c-]/gu, ' ')
    .replace(/(^|\s)-+|-+(?=\s|$)/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== '')
}

function lowerCase(text: string, lang: string): string {
  try {
    return text.toLocaleLowerCase(lang)
  } catch {
    return text.toLowerCase() // a code Intl does not accept as a locale
  }
}

function sentenceCase(text: string, lang: string): string {
  const first = text.slice(0, 1)
  try {
    return first.toLocaleUpperCase(lang) + text.slice(1)
  } catch {
    return first.toUpperCase() + text.slice(1)
  }
}

/** Reading time of the text, jittered, within 1–8 s. */
function durationFor(rng: Random, plain: string, bank: PhraseBank): number {
  const perChar = bank.spaced ? 60 : 180
  const wanted = 600 + [...plain].length * perChar + rng.int(-400, 900)
  return Math.min(MAX_CUE_MS, Math.max(MIN_CUE_MS, wanted))
}

/** Gaps, pauses and (for manual tracks) small overlaps between cues; always strictly later than this cue's start. */
function nextStart(rng: Random, startMs: number, durMs: number, source: GeneratedSource): number {
  const endMs = startMs + durMs
  const roll = rng.next()
  if (source === 'manual' && roll < 0.12) return Math.max(startMs + 500, endMs - rng.int(100, 600))
  if (source === 'whisper') return endMs + (roll < 0.9 ? rng.int(0, 200) : rng.int(500, 3000))
  if (roll < 0.75) return endMs + rng.int(0, source === 'asr' ? 400 : 700)
  if (roll < 0.95) return endMs + rng.int(700, 2500)
  return endMs + rng.int(2500, 9000)
}
