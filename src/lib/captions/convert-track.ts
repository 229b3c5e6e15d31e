/**
 * A bought JSON caption track written out in another format, here, for free: the same writers the simulator uses for
 * the service's files (contract/caption-writers), the text decoded as the studio shows it, and a note where the format
 * allows one saying the file is a conversion (docs/decisions/0133-free-caption-conversions.md).
 */
import type { CaptionItem } from '#contract/schemas.ts'
import { writeCaptionFormat, type DisplayCue } from '#contract/caption-writers/index.ts'
import type { CaptionMode } from '#contract/enums.ts'
import type { ConvertibleFormat } from './convertible.ts'
import { decodeEntitiesUntilStable } from './entities.ts'

export type ConversionSource = { videoId: string; lang: string; mode: CaptionMode }

/** What a converted file says about itself (VTT NOTE, TTML metadata); formats without comments say it in their name. */
export function conversionNote(format: ConvertibleFormat, source: ConversionSource): string {
  return (
    `Converted by the Poix Research Dashboard from the service's JSON caption track of ${source.videoId} ` +
    `(${source.lang}, ${source.mode} mode); not the service's own ${format} file.`
  )
}

/** Ordered by start, as every writer expects (the service sends them so; a stable sort guards a stray one). */
function displayCues(items: readonly CaptionItem[]): DisplayCue[] {
  const cues = items.map((item) => ({
    offset: item.offset,
    duration: item.duration,
    text: decodeEntitiesUntilStable(item.text),
  }))
  return cues.every((c, i) => i === 0 || cues[i - 1]!.offset <= c.offset)
    ? cues
    : [...cues].sort((a, b) => a.offset - b.offset)
}

/** The file's text; `json` is the items as bought (the service's own layout, nothing to convert). */
export function convertTrack(
  items: readonly CaptionItem[],
  format: ConvertibleFormat,
  source: ConversionSource,
): string {
  if (format === 'json') return JSON.stringify(items)
  const cues = displayCues(items)
  return writeCaptionFormat(format, cues, { lang: source.lang, note: conversionNote(format, source) })
}

/** UTF-8 bytes of the converted file, ready for a Blob or a ZIP entry. */
export function convertTrackToBytes(
  items: readonly CaptionItem[],
  format: ConvertibleFormat,
  source: ConversionSource,
): Uint8Array {
  return new TextEncoder().encode(convertTrack(items, format, source))
}
