/** Shapes shared between the simulator's dataset and its caption generator. */
import type { CaptionFormat, LanguageCode } from '#contract/index.ts'

/** How a caption track came to be; it decides the track's languageName and, for asr, the file layouts. */
export type TrackSource = 'manual' | 'asr' | 'translated' | 'whisper'

/** What the caption generator needs to know about a video. */
export type CaptionSubject = {
  videoId: string
  title: string
  durationSec: number
  /** Languages with native tracks; the first is the video's default caption language. Empty: no captions. */
  tracks: { lang: LanguageCode; source: 'manual' | 'asr' }[]
}

/** One cue as the generator produces it, before any format is written. `text` keeps the platform's escaping. */
export type Cue = { offset: number; duration: number; text: string; lang: string }

export type RenderedCaptions = { body: string; contentType: string; format: CaptionFormat }
