/** The caption file list (one entry per language × format) grouped into languages with their formats. */
import { CAPTION_FORMATS, type CaptionFileEntry, type CaptionFormat } from '#contract/index.ts'

export type TrackKind = 'manual' | 'auto-generated' | 'translated' | 'transcribed'

export type CaptionLanguage = {
  code: string
  /** languageName without the "(auto-generated)"-style suffix. */
  name: string
  /** languageName as the service sent it. */
  fullName: string
  kind: TrackKind
  formats: CaptionFormat[]
}

/** The service says it in languageName only: "English (auto-generated)", "French (auto-translated)". */
export function trackKind(languageName: string): TrackKind {
  if (/auto[- ]?generated|automatic|\basr\b/i.test(languageName)) return 'auto-generated'
  if (/translat/i.test(languageName)) return 'translated'
  if (/speech recognition|whisper|transcri/i.test(languageName)) return 'transcribed'
  return 'manual'
}

export const TRACK_KIND_LABELS: Record<TrackKind, string> = {
  manual: 'Uploaded captions',
  'auto-generated': 'Auto-generated (speech recognition)',
  translated: 'Auto-translated',
  transcribed: 'Transcribed from the audio',
}

function baseName(languageName: string): string {
  return (
    languageName
      .replace(
        /\s*\((?:[^()]*(?:auto|generated|translat|speech recognition|whisper|transcri)[^()]*)\)\s*$/i,
        '',
      )
      .trim() || languageName
  )
}

const FORMAT_ORDER = new Map<string, number>(CAPTION_FORMATS.map((f, i) => [f, i]))

/** Languages in the order the service lists them; formats in the contract's order; unknown formats left out. */
export function groupCaptionFiles(entries: readonly CaptionFileEntry[]): CaptionLanguage[] {
  const byCode = new Map<string, CaptionLanguage>()
  for (const e of entries) {
    let lang = byCode.get(e.languageCode)
    if (!lang) {
      lang = {
        code: e.languageCode,
        name: baseName(e.languageName),
        fullName: e.languageName,
        kind: trackKind(e.languageName),
        formats: [],
      }
      byCode.set(e.languageCode, lang)
    }
    const format = e.format as CaptionFormat
    if (FORMAT_ORDER.has(format) && !lang.formats.includes(format)) lang.formats.push(format)
  }
  for (const lang of byCode.values()) lang.formats.sort((a, b) => FORMAT_ORDER.get(a)! - FORMAT_ORDER.get(b)!)
  return [...byCode.values()]
}
