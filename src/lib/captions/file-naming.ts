/**
 * Names and content types of caption files, shared by the caption studio and bulk downloads.
 * The table itself lives in contract/caption-files.ts (the function uses it too); this adds validation for the browser.
 */
import {
  CAPTION_CONTENT_TYPES,
  CAPTION_EXTENSIONS,
  CAPTION_FORMATS,
  VIDEO_ID_RE,
  captionFileName as contractFileName,
  type CaptionFormat,
} from '#contract/index.ts'

/** File extension per format: the format's own name except `text` → `txt` (docs/decisions/0070-caption-files-and-archives.md). */
export const CAPTION_EXT: Record<CaptionFormat, string> = CAPTION_EXTENSIONS

/** The media type alone (no charset), e.g. for a Blob or a manifest; the function sends the same types. */
export const CAPTION_MIME: Record<CaptionFormat, string> = Object.fromEntries(
  CAPTION_FORMATS.map((f) => [f, CAPTION_CONTENT_TYPES[f].split(';')[0]!.trim()]),
) as Record<CaptionFormat, string>

/** Language tags as the service writes them (`en`, `es-419`, `sr-Latn`, `zh-Hans`, `fil`, `yue`). */
const LANG_TAG_RE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,4})?$/

export function isCaptionFormat(s: string): s is CaptionFormat {
  return (CAPTION_FORMATS as readonly string[]).includes(s)
}

/**
 * `<videoId>.<lang>.<ext>`, e.g. `dQw4w9WgXcQ.en.srt`, or `<videoId>.default.<ext>` for the video's default track
 * whose language was not learnt; throws a RangeError naming the bad part.
 */
export function captionFileName(videoId: string, lang: string, format: CaptionFormat): string {
  if (!VIDEO_ID_RE.test(videoId))
    throw new RangeError(`"${videoId}" is not an 11-character video id, so it cannot name a caption file.`)
  if (lang !== 'default' && !LANG_TAG_RE.test(lang))
    throw new RangeError(`"${lang}" is not a language code, so it cannot name a caption file.`)
  if (!isCaptionFormat(format))
    throw new RangeError(
      `"${String(format)}" is not a caption format (one of ${CAPTION_FORMATS.join(', ')}).`,
    )
  return contractFileName(videoId, lang, format)
}

/** `<videoId>.<lang>.converted.<ext>`: a file written here from the JSON track, never named like the service's file. */
export function convertedCaptionFileName(videoId: string, lang: string, format: CaptionFormat): string {
  return captionFileName(videoId, lang, format).replace(/\.([^.]+)$/, '.converted.$1')
}

/** Content type to give a Blob of this format (text, so UTF-8 is stated), as the function sends it. */
export function captionContentType(format: CaptionFormat): string {
  return CAPTION_CONTENT_TYPES[format]
}
