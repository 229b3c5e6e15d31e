/** One caption file for the studio's per-format download: the function's bytes unchanged, named and with their receipt. */
import type { CaptionFormat, CaptionMode } from '#contract/index.ts'
import { captionTrackUrl } from '#lib/captions/caption-request.ts'
import { captionFileName } from '#lib/captions/file-naming.ts'
import { paidFetch, type PaidBytes } from '#lib/paid-fetch.ts'

export type CaptionFileRequest = { videoId: string; lang: string; mode: CaptionMode; format: CaptionFormat }

/** The exact URL a download uses, so quotes and caches agree on it. */
export function captionDownloadUrl(r: CaptionFileRequest): string {
  return captionTrackUrl({ videoId: r.videoId, lang: r.lang, mode: r.mode, format: r.format, download: true })
}

export type FetchedCaptionFile = PaidBytes & { name: string }

export async function fetchCaptionFile(
  r: CaptionFileRequest,
  signal?: AbortSignal,
): Promise<FetchedCaptionFile> {
  const paid = await paidFetch(captionDownloadUrl(r), { as: 'bytes' }, { signal })
  return { ...paid, name: captionFileName(r.videoId, r.lang, r.format) }
}
