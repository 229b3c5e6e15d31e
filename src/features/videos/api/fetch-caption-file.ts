/** One caption file for the studio's per-format download: the function's bytes unchanged, named and with their receipt. */
import type { CaptionFormat, CaptionMode } from '#contract/index.ts'
import { captionTrackUrl } from '#lib/captions/caption-request.ts'
import { captionFileName } from '#lib/captions/file-naming.ts'
import { paidFetch, type PaidBytes } from '#lib/paid-fetch.ts'

export type CaptionFileRequest = {
  videoId: string
  /** The language the file is in, which names it. */
  lang: string
  /** The language as the URL asks for it: for the JSON track, the view's own request (undefined: the default), so it is the answer already bought. */
  urlLang: string | undefined
  mode: CaptionMode
  format: CaptionFormat
}

/** The exact URL a download uses, so quotes and caches agree on it. */
export function captionDownloadUrl(r: CaptionFileRequest): string {
  return captionTrackUrl({
    videoId: r.videoId,
    lang: r.urlLang,
    mode: r.mode,
    format: r.format,
    download: true,
  })
}

/** A format's request, asked as the view asked its JSON track when it is that track. */
export function fileRequest(
  shown: { videoId: string; lang: string; requestLang: string | undefined; mode: CaptionMode },
  format: CaptionFormat,
): CaptionFileRequest {
  const urlLang = format === 'json' ? shown.requestLang : shown.lang
  return { videoId: shown.videoId, lang: shown.lang, urlLang, mode: shown.mode, format }
}

export type FetchedCaptionFile = PaidBytes & { name: string }

export async function fetchCaptionFile(
  r: CaptionFileRequest,
  signal?: AbortSignal,
): Promise<FetchedCaptionFile> {
  const paid = await paidFetch(captionDownloadUrl(r), { as: 'bytes' }, { signal })
  return { ...paid, name: captionFileName(r.videoId, r.lang, r.format) }
}
