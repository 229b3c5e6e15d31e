import { useId, useRef, useState } from 'react'
import {
  CAPTION_FORMATS,
  formatUsd,
  type CaptionFormat,
  type CaptionMode,
} from '#contract/index.ts'
import { Button } from '#components/ui/button.tsx'
import { PricedButton } from '#components/ui/priced-button.tsx'
import { errorMessage } from '#lib/api-client.ts'
import { downloadBlob } from '#lib/export/download.ts'
import { captionContentType } from '#lib/captions/file-naming.ts'
import {
  captionDownloadUrl,
  fetchCaptionFile,
  fetchCaptionFiles,
  type CaptionFileRequest,
} from '../api/fetch-caption-files.ts'
import { makeCaptionManifest, zipCaptionArchive } from '../lib/caption-archive.ts'
import { CAPTION_PRICE, useQuote, useQuotesTotal, type PriceTotal } from '../hooks/use-quotes.ts'

export const FORMAT_LABELS: Record<CaptionFormat, string> = {
  json: 'JSON',
  text: 'Text',
  csv: 'CSV',
  xml: 'XML',
  srt: 'SRT',
  vtt: 'WebVTT',
  ttml: 'TTML',
  srv1: 'srv1',
  srv2: 'srv2',
  srv3: 'srv3',
  json3: 'json3',
}

type Job =
  | { kind: 'idle' }
  | { kind: 'running'; label: string; done: number; total: number; costUsd: number }
  | { kind: 'done'; message: string }
  | { kind: 'failed'; message: string }

function paidPhrase(costUsd: number, cached: boolean): string {
  return cached || costUsd === 0 ? 'cached · free' : `paid ${formatUsd(costUsd)}`
}

function FormatButton({
  request,
  disabled,
  onDownload,
}: {
  request: CaptionFileRequest
  disabled: boolean
  onDownload: () => void
}) {
  const price = useQuote(captionDownloadUrl(request))
  return (
    <PricedButton
      size="sm"
      label={`Download ${FORMAT_LABELS[request.format]}`}
      priceUsd={price.priceUsd}
      cached={price.cached}
      disabled={disabled}
      onClick={onDownload}
    />
  )
}

function ZipPrice({ total }: { total: PriceTotal }) {
  const paid = total.requests - total.cachedCount
  return (
    <span className="text-sm text-slate-700" data-testid="zip-price">
      {total.requests} requests
      {total.cachedCount > 0
        ? `: ${total.cachedCount} cached · free, ${paid} × ${formatUsd(CAPTION_PRICE)}`
        : ` × ${formatUsd(CAPTION_PRICE)}`}{' '}
      = {formatUsd(total.totalUsd)}
    </span>
  )
}

export type DownloadPanelProps = {
  videoId: string
  /** The language of the shown track (never "default": files are named by language). */
  lang: string
  mode: CaptionMode
  /** Every language the file list offers, for "All languages". */
  languageCodes: readonly string[]
}

/** The shown track in any of the 11 formats, or a ZIP of all formats or all languages with a manifest. */
export function DownloadPanel({ videoId, lang, mode, languageCodes }: DownloadPanelProps) {
  const [job, setJob] = useState<Job>({ kind: 'idle' })
  const [zipFormat, setZipFormat] = useState<CaptionFormat>('srt')
  const controller = useRef<AbortController | null>(null)
  const zipFormatId = useId()
  const running = job.kind === 'running'

  const formatRequests = CAPTION_FORMATS.map((format) => ({ videoId, lang, mode, format }))
  const languageRequests = (languageCodes.length > 0 ? languageCodes : [lang]).map((l) => ({
    videoId,
    lang: l,
    mode,
    format: zipFormat,
  }))
  const formatsTotal = useQuotesTotal(formatRequests.map(captionDownloadUrl))
  const languagesTotal = useQuotesTotal(languageRequests.map(captionDownloadUrl))

  async function downloadOne(request: CaptionFileRequest) {
    setJob({
      kind: 'running',
      label: `Downloading ${FORMAT_LABELS[request.format]}`,
      done: 0,
      total: 1,
      costUsd: 0,
    })
    try {
      const file = await fetchCaptionFile(request)
      downloadBlob(new Blob([file.text], { type: captionContentType(request.format) }), file.name)
      setJob({
        kind: 'done',
        message: `Saved ${file.name} (${paidPhrase(file.costUsd, file.cache === 'HIT')}).`,
      })
    } catch (e) {
      setJob({
        kind: 'failed',
        message: `Could not download ${FORMAT_LABELS[request.format]}: ${errorMessage(e)}`,
      })
    }
  }

  async function downloadZip(label: string, requests: CaptionFileRequest[], zipName: string) {
    const abort = new AbortController()
    controller.current = abort
    const startedAt = new Date().toISOString()
    setJob({ kind: 'running', label, done: 0, total: requests.length, costUsd: 0 })
    try {
      const { files, unavailable } = await fetchCaptionFiles(requests, {
        signal: abort.signal,
        onProgress: (p) => setJob({ kind: 'running', label, ...p }),
      })
      if (files.length === 0) {
        setJob({
          kind: 'failed',
          message: `None of the ${requests.length} files could be fetched: ${unavailable[0]?.message ?? 'unknown reason'}`,
        })
        return
      }
      const manifest = makeCaptionManifest({
        videoId,
        viewUrl: window.location.href,
        startedAt,
        files,
        unavailable,
      })
      downloadBlob(
        new Blob([zipCaptionArchive(files, manifest) as BlobPart], { type: 'application/zip' }),
        zipName,
      )
      const missing =
        unavailable.length > 0 ? `; ${unavailable.length} unavailable (listed in manifest.json)` : ''
      setJob({
        kind: 'done',
        message: `Saved ${zipName}: ${files.length} files${missing}; cost ${formatUsd(manifest.costUsd)}.`,
      })
    } catch (e) {
      const stopped = abort.signal.aborted
      setJob({
        kind: 'failed',
        message: stopped
          ? 'Stopped; no ZIP was saved. Files already fetched are cached and free next time.'
          : `The ZIP could not be made: ${errorMessage(e)}`,
      })
    } finally {
      controller.current = null
    }
  }

  return (
    <section
      aria-labelledby={`${zipFormatId}-h`}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id={`${zipFormatId}-h`} className="font-semibold">
        Download{' '}
        <span className="font-normal text-slate-600">
          ({lang}, {mode} mode)
        </span>
      </h2>
      <div role="group" aria-label="Download one format" className="flex flex-wrap gap-2">
        {formatRequests.map((r) => (
          <FormatButton
            key={r.format}
            request={r}
            disabled={running}
            onDownload={() => void downloadOne(r)}
          />
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <PricedButton
          size="sm"
          label="All formats (ZIP)"
          priceUsd={formatsTotal.totalUsd}
          cached={formatsTotal.cachedCount === formatsTotal.requests}
          disabled={running}
          onClick={() =>
            void downloadZip('All formats', formatRequests, `${videoId}.${lang}.all-formats.zip`)
          }
        />
        <ZipPrice total={formatsTotal} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <PricedButton
          size="sm"
          label="All languages (ZIP)"
          priceUsd={languagesTotal.totalUsd}
          cached={languagesTotal.cachedCount === languagesTotal.requests}
          disabled={running}
          onClick={() =>
            void downloadZip('All languages', languageRequests, `${videoId}.all-languages.${zipFormat}.zip`)
          }
        />
        <label htmlFor={zipFormatId} className="text-sm">
          in format
        </label>
        <select
          id={zipFormatId}
          value={zipFormat}
          onChange={(e) => setZipFormat(e.target.value as CaptionFormat)}
          className="rounded border border-slate-300 px-2 py-1 text-sm"
        >
          {CAPTION_FORMATS.map((f) => (
            <option key={f} value={f}>
              {FORMAT_LABELS[f]}
            </option>
          ))}
        </select>
        <ZipPrice total={languagesTotal} />
      </div>
      <div role="status" className="text-sm">
        {job.kind === 'running' && (
          <span className="flex flex-wrap items-center gap-2">
            <progress
              max={job.total}
              value={job.done}
              aria-label={`${job.label}: ${job.done} of ${job.total}`}
            />
            {job.label}: {job.done} of {job.total}, {formatUsd(job.costUsd)} so far
            {job.total > 1 && (
              <Button size="sm" variant="danger" onClick={() => controller.current?.abort()}>
                Stop
              </Button>
            )}
          </span>
        )}
        {job.kind === 'done' && <span className="text-emerald-800">{job.message}</span>}
      </div>
      {job.kind === 'failed' && (
        <p role="alert" className="text-sm text-red-800">
          {job.message}
        </p>
      )}
    </section>
  )
}
