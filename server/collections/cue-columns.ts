/**
 * A collected track made ready to store: its language and configuration, and its cleaned cues as the columns
 * corpus_cues stores, each a Postgres array in binary format. The same code runs on the function's thread or in the
 * cue worker (cue-vectors/), which adds each cue's tsvector and the track's word counts (docs/decisions/0178).
 */
import type { CaptionItem } from '#contract/schemas.ts'
import { binaryArray } from '../db/binary-array.ts'
import { cleanCues } from './clean-text.ts'
import { textSearchConfig, type TextSearchConfig } from './text-search-config.ts'

export type CueItem = Pick<CaptionItem, 'text' | 'offset' | 'duration' | 'lang'>

export type CueColumns = {
  count: number
  seq: Uint8Array
  start: Uint8Array
  duration: Uint8Array
  text: Uint8Array
  /** Each cue's sound markers, joined by the unit separator (a marker's name holds no control character). */
  sounds: Uint8Array
  /** tsvector[]: each cue's vector as the database would compute it; absent: the insert computes them. */
  vectors?: Uint8Array
  /** Each lexeme's count of cues (text[] and int4[], in the same order); present with `vectors`. */
  terms?: { lexemes: Uint8Array; cues: Uint8Array; seqs: Uint8Array }
}

export type TrackText = { lang: string; cfg: TextSearchConfig; columns: CueColumns }

/** The language the cues say they are in; the asked one when they say nothing. */
function receivedLanguage(items: readonly CueItem[], langAsked: string): string {
  return items.find((i) => i.lang)?.lang ?? (langAsked || 'und')
}

/** Postgres 15 lacks some configurations PGlite has: a missing one falls back to `simple`, never to an error. */
function configAmong(installed: ReadonlySet<string>, lang: string): TextSearchConfig {
  const wanted = textSearchConfig(lang)
  return installed.has(wanted) ? wanted : 'simple'
}

/** Cleans the cues (clean-text.ts) and lays them out as columns. */
export function trackText(
  items: readonly CueItem[],
  langAsked: string,
  installed: ReadonlySet<string>,
): TrackText {
  const lang = receivedLanguage(items, langAsked)
  const cues = cleanCues(items)
  return {
    lang,
    cfg: configAmong(installed, lang),
    columns: {
      count: cues.length,
      seq: binaryArray.int4(cues.map((c) => c.seq)),
      start: binaryArray.float8(cues.map((c) => c.start)),
      duration: binaryArray.float8(cues.map((c) => c.duration)),
      text: binaryArray.text(cues.map((c) => c.text)),
      sounds: binaryArray.text(cues.map((c) => c.sounds.join('\u001f'))),
    },
  }
}
