/** The function's caption URLs, built one way so quotes, downloads and caches agree on the exact path. */
import type { CaptionFormat, CaptionMode } from '#contract/index.ts'
import { apiUrl } from '../api-client.ts'

export type CaptionRequest = {
  videoId: string
  format?: CaptionFormat
  lang?: string
  mode?: CaptionMode
  /** Asks the function for Content-Disposition: attachment. */
  download?: boolean
}

/**
 * `/api/captions/<id>?format=srt&lang=en&mode=default&download=1`: format and mode always written (json and default
 * when unset), lang when known, so every view, download and ZIP asks for one track in one spelling.
 */
export function captionTrackUrl({
  videoId,
  format = 'json',
  lang,
  mode = 'default',
  download,
}: CaptionRequest): string {
  return apiUrl(`/api/captions/${encodeURIComponent(videoId)}`, {
    format,
    lang,
    mode,
    download: download ? '1' : undefined,
  })
}

/** `/api/files/captions/<id>`: the list of languages × formats a video offers. */
export function captionFileListUrl(
  videoId: string,
  filter: { lang?: string; format?: CaptionFormat } = {},
): string {
  return apiUrl(`/api/files/captions/${encodeURIComponent(videoId)}`, filter)
}
