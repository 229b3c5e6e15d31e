/** Which caption formats the SPA can write exactly from a bought JSON track (docs/decisions/0133-free-caption-conversions.md). */
import type { CaptionFormat } from '#contract/enums.ts'

/** Written from the cues alone; xml, srv1/2/3 and json3 carry what the JSON track lacks (word timings, windows), so they are bought. */
export const CONVERTIBLE_FORMATS = [
  'json',
  'text',
  'csv',
  'srt',
  'vtt',
  'ttml',
] as const satisfies readonly CaptionFormat[]

export type ConvertibleFormat = (typeof CONVERTIBLE_FORMATS)[number]

export function isConvertible(format: CaptionFormat): format is ConvertibleFormat {
  return (CONVERTIBLE_FORMATS as readonly string[]).includes(format)
}

/** How a file is obtained: the service's own bytes, or written here from the JSON track already bought. */
export type FileSource = 'exact' | 'converted'
