/** How each caption format travels and is saved: Content-Type and file extension (shared by the function and the SPA). */
import type { CaptionFormat } from './enums.ts'

export const CAPTION_CONTENT_TYPES: Record<CaptionFormat, string> = {
  json: 'application/json; charset=utf-8',
  json3: 'application/json; charset=utf-8',
  srt: 'application/x-subrip; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  ttml: 'application/ttml+xml; charset=utf-8',
  xml: 'text/xml; charset=utf-8',
  srv1: 'text/xml; charset=utf-8',
  srv2: 'text/xml; charset=utf-8',
  srv3: 'text/xml; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  text: 'text/plain; charset=utf-8',
}

/** File extensions; `text` saves as .txt so every desktop opens it. */
export const CAPTION_EXTENSIONS: Record<CaptionFormat, string> = {
  json: 'json',
  json3: 'json3',
  srt: 'srt',
  vtt: 'vtt',
  ttml: 'ttml',
  xml: 'xml',
  srv1: 'srv1',
  srv2: 'srv2',
  srv3: 'srv3',
  csv: 'csv',
  text: 'txt',
}

/** `<videoId>.<lang>.<ext>`, the name every caption download gets. */
export function captionFileName(videoId: string, lang: string, format: CaptionFormat): string {
  return `${videoId}.${lang}.${CAPTION_EXTENSIONS[format]}`
}
