/** Fetches several caption files with a few requests in flight at once; unavailable ones are reported, not fatal. */
import type { CaptionFormat, CaptionMode } from '#contract/index.ts'
import { ApiError } from '#lib/api-client.ts'
import { captionTrackUrl } from '#lib/captions/caption-request.ts'
import { captionFileName } from '#lib/captions/file-naming.ts'
import type { FetchedCaptionFile, UnavailableCaptionFile } from '../lib/caption-archive.ts'
import { paidText } from './paid-fetch.ts'

export type CaptionFileRequest = { videoId: string; lang: string; mode: CaptionMode; format: CaptionFormat }

/** The exact URL a download uses, so quotes and caches agree on it. */
export function captionDownloadUrl(r: CaptionFileRequest): string {
  return captionTrackUrl({ videoId: r.videoId, lang: r.lang, mode: r.mode, format: r.format, download: true })
}

export async function fetchCaptionFile(
  r: CaptionFileRequest,
  signal?: AbortSignal,
): Promise<FetchedCaptionFile> {
  const url = captionDownloadUrl(r)
  const { data, cost } = await paidText(url, signal)
  return {
    name: captionFileName(r.videoId, r.lang, r.format),
    format: r.format,
    lang: r.lang,
    mode: r.mode,
    text: data.text,
    contentType: data.contentType,
    ...cost,
  }
}

/** Transient failures worth another try; a refusal (4xx) or an exhausted budget is not. */
function isTransient(e: ApiError): boolean {
  return e.status === 429 || e.status === 0 || e.status >= 500
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        reject(signal.reason)
      },
      { once: true },
    )
  })

/** Up to `attempts` tries, backing off 1 s, 2 s… (or as long as Retry-After asks, at most 10 s). */
async function fetchWithRetry(
  r: CaptionFileRequest,
  signal: AbortSignal | undefined,
  attempts: number,
): Promise<FetchedCaptionFile> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetchCaptionFile(r, signal)
    } catch (e) {
      if (!(e instanceof ApiError) || !isTransient(e) || attempt >= attempts) throw e
      await wait(Math.min(10, e.retryAfterSeconds ?? 2 ** (attempt - 1)) * 1000, signal)
    }
  }
}

export type FetchManyProgress = { done: number; total: number; costUsd: number }

export async function fetchCaptionFiles(
  requests: readonly CaptionFileRequest[],
  options: {
    concurrency?: number
    attempts?: number
    signal?: AbortSignal
    onProgress?: (p: FetchManyProgress) => void
  } = {},
): Promise<{ files: FetchedCaptionFile[]; unavailable: UnavailableCaptionFile[] }> {
  const results: (FetchedCaptionFile | UnavailableCaptionFile | undefined)[] = new Array(requests.length)
  let next = 0
  let done = 0
  let costUsd = 0
  async function worker() {
    while (next < requests.length) {
      options.signal?.throwIfAborted()
      const i = next++
      const r = requests[i]!
      try {
        const file = await fetchWithRetry(r, options.signal, options.attempts ?? 3)
        costUsd += file.costUsd
        results[i] = file
      } catch (e) {
        // Without budget or balance every further request fails too: stop and say so.
        if (!(e instanceof ApiError) || e.status === 402) throw e
        results[i] = {
          name: captionFileName(r.videoId, r.lang, r.format),
          format: r.format,
          lang: r.lang,
          mode: r.mode,
          url: captionDownloadUrl(r),
          status: e.status,
          code: e.code,
          message: e.message,
          at: new Date().toISOString(),
        }
      }
      done++
      options.onProgress?.({ done, total: requests.length, costUsd })
    }
  }
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 3, requests.length) }, worker))
  const files: FetchedCaptionFile[] = []
  const unavailable: UnavailableCaptionFile[] = []
  for (const r of results) {
    if (!r) continue
    if ('text' in r) files.push(r)
    else unavailable.push(r)
  }
  return { files, unavailable }
}
