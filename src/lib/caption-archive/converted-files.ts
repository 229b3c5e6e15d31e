/** The files a converted run writes from one bought JSON track (docs/decisions/0134-bulk-priced-both-ways.md). */
import { CaptionItems } from '#contract/schemas.ts'
import { convertTrackToBytes } from '#lib/captions/convert-track.ts'
import type { ConvertibleFormat } from '#lib/captions/convertible.ts'
import { convertedCaptionFileName } from '#lib/captions/file-naming.ts'
import type { BulkJob } from './plan.ts'

export type ConvertedFile = { format: ConvertibleFormat; path: string; bytes: Uint8Array }

/** `<videoId>/<videoId>.<lang>.converted.<ext>`: never the name of the service's own file. */
function convertedPath(job: BulkJob, lang: string, format: ConvertibleFormat): string {
  return `${job.videoId}/${convertedCaptionFileName(job.videoId, lang, format)}`
}

/** Every format `job` converts to, written from its JSON bytes; throws when the bytes are not a caption track. */
export function convertedFiles(job: BulkJob, jsonBytes: Uint8Array, lang: string): ConvertedFile[] {
  if (job.converts.length === 0) return []
  const items = CaptionItems.safeParse(JSON.parse(new TextDecoder().decode(jsonBytes)))
  if (!items.success)
    throw new Error(`The JSON track is not a list of caption items: ${items.error.issues[0]?.message ?? ''}`)
  const source = { videoId: job.videoId, lang, mode: job.mode }
  return job.converts.map((format) => ({
    format,
    path: convertedPath(job, lang, format),
    bytes: convertTrackToBytes(items.data, format, source),
  }))
}
