import { useRef, useState } from 'react'
import { formatUsd, type CaptionMode } from '#contract/index.ts'
import type { CaptionItem } from '#contract/schemas.ts'
import { errorMessage } from '#lib/api-client.ts'
import { downloadBlob } from '#lib/export/download.ts'
import { captionContentType, convertedCaptionFileName } from '#lib/captions/file-naming.ts'
import type { ConvertibleFormat } from '#lib/captions/convertible.ts'
import { planBulk, type BulkSelection } from '#lib/caption-archive/plan.ts'
import { fetchCaptionFile, type CaptionFileRequest } from '../api/fetch-caption-file.ts'
import { FORMAT_LABELS } from '../components/download-buttons.tsx'

/** Requests in flight at once while a ZIP is made. */
const ZIP_CONCURRENCY = 3

export type DownloadJob =
  | { kind: 'idle' }
  | { kind: 'running'; label: string; done: number; total: number; costUsd: number }
  | { kind: 'done'; message: string }
  | { kind: 'failed'; message: string }

function paidPhrase(costUsd: number, cached: boolean): string {
  return cached || costUsd === 0 ? 'cached · free' : `paid ${formatUsd(costUsd)}`
}

export type DownloadJobOptions = {
  videoId: string
  lang: string
  mode: CaptionMode
  /** The track on screen, already bought: what the free conversions are written from. */
  items: readonly CaptionItem[]
}

type SetJob = (job: DownloadJob) => void

/** The service's exact file, saved as its bytes arrived. */
async function saveExactFile(request: CaptionFileRequest, setJob: SetJob) {
  setJob({
    kind: 'running',
    label: `Downloading ${FORMAT_LABELS[request.format]}`,
    done: 0,
    total: 1,
    costUsd: 0,
  })
  try {
    const file = await fetchCaptionFile(request)
    // The bytes as the function sent them: never decoded and re-encoded on the way to the file.
    downloadBlob(new Blob([file.bytes as BlobPart], { type: captionContentType(request.format) }), file.name)
    setJob({
      kind: 'done',
      message: `Saved ${file.name} (${paidPhrase(file.receipt.costUsd, file.receipt.cache === 'HIT')}).`,
    })
  } catch (e) {
    setJob({
      kind: 'failed',
      message: `Could not download ${FORMAT_LABELS[request.format]}: ${errorMessage(e)}`,
    })
  }
}

/** The track on screen written here in another format: no request, free. */
async function saveConversion(track: DownloadJobOptions, format: ConvertibleFormat, setJob: SetJob) {
  const { videoId, lang, mode, items } = track
  const name = convertedCaptionFileName(videoId, lang, format)
  try {
    // The writers load when a conversion is asked for, not with the studio.
    const { convertTrack } = await import('#lib/captions/convert-track.ts')
    const text = convertTrack(items, format, { videoId, lang, mode })
    downloadBlob(new Blob([text], { type: captionContentType(format) }), name)
    setJob({ kind: 'done', message: `Saved ${name} (converted here from the JSON track · free).` })
  } catch (e) {
    setJob({ kind: 'failed', message: `Could not convert to ${FORMAT_LABELS[format]}: ${errorMessage(e)}` })
  }
}

/** A bulk run of this one video saved as a ZIP with its manifest, or nothing when it is stopped or empty. */
async function saveBulkZip(
  label: string,
  selection: BulkSelection,
  zipName: string,
  abort: AbortController,
  setJob: SetJob,
) {
  const plan = planBulk(selection)
  setJob({ kind: 'running', label, done: 0, total: plan.jobs.length, costUsd: 0 })
  try {
    // The pool, the streamed ZIP and the manifest load when a ZIP is asked for, not with the studio.
    const { startBulkRun } = await import('#lib/caption-archive/archive-run.ts')
    const run = startBulkRun({
      plan,
      selection,
      viewUrl: window.location.href,
      concurrency: ZIP_CONCURRENCY,
      signal: abort.signal,
      onProgress: (p) =>
        setJob({ kind: 'running', label, done: p.settled, total: p.total, costUsd: p.costUsd }),
    })
    // Held until the manifest is in: a stopped or empty run saves nothing.
    const [zip, manifest] = await Promise.all([run.zip.blob(), run.manifest])
    if (abort.signal.aborted) throw abort.signal.reason
    const { files, missing } = manifest
    if (files.length === 0) {
      setJob({
        kind: 'failed',
        message: `None of the ${plan.jobs.length} files could be fetched: ${manifest.run.haltedBy?.message ?? missing[0]?.message ?? 'unknown reason'}`,
      })
      return
    }
    downloadBlob(zip.type === 'application/zip' ? zip : new Blob([zip], { type: 'application/zip' }), zipName)
    const notIncluded = missing.length > 0 ? `; ${missing.length} unavailable (listed in manifest.json)` : ''
    setJob({
      kind: 'done',
      message: `Saved ${zipName}: ${files.length} files${notIncluded}; cost ${formatUsd(manifest.run.totals.costUsd)}.`,
    })
  } catch (e) {
    const stopped = abort.signal.aborted
    setJob({
      kind: 'failed',
      message: stopped
        ? 'Stopped; no ZIP was saved. Files already fetched are cached and free next time.'
        : `The ZIP could not be made: ${errorMessage(e)}`,
    })
  }
}

/** The panel's one download at a time: an exact file, a conversion or a ZIP, with its progress and its end. */
export function useDownloadJob(track: DownloadJobOptions) {
  const [job, setJob] = useState<DownloadJob>({ kind: 'idle' })
  const controller = useRef<AbortController | null>(null)

  async function downloadZip(label: string, selection: BulkSelection, zipName: string) {
    const abort = new AbortController()
    controller.current = abort
    try {
      await saveBulkZip(label, selection, zipName, abort, setJob)
    } finally {
      controller.current = null
    }
  }

  return {
    job,
    running: job.kind === 'running',
    downloadOne: (request: CaptionFileRequest) => saveExactFile(request, setJob),
    downloadConverted: (format: ConvertibleFormat) => saveConversion(track, format, setJob),
    downloadZip,
    stop: () => controller.current?.abort(),
  }
}
