import { useId, useRef, useState } from 'react'
import {
  CAPTION_FORMATS,
  formatUsd,
  type CaptionFormat,
  type CaptionMode,
  type LanguageCode,
} from '#contract/index.ts'
import type { CaptionItem } from '#contract/schemas.ts'
import { Button } from '#components/ui/button.tsx'
import { PricedButton } from '#components/pricing/priced-button.tsx'
import { errorMessage } from '#lib/api-client.ts'
import { downloadBlob } from '#lib/export/download.ts'
import { captionContentType, convertedCaptionFileName } from '#lib/captions/file-naming.ts'
import { CONVERTIBLE_FORMATS, type ConvertibleFormat, type FileSource } from '#lib/captions/convertible.ts'
import { jobUrl, planBulk, type BulkSelection } from '#lib/caption-archive/plan.ts'
import {
  captionDownloadUrl,
  fetchCaptionFile,
  fileRequest,
  type CaptionFileRequest,
} from '../api/fetch-caption-file.ts'
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

/** Requests in flight for a ZIP, as before the studio's ZIP became a bulk run of one video. */
const ZIP_CONCURRENCY = 3

type Job =
  | { kind: 'idle' }
  | { kind: 'running'; label: string; done: number; total: number; costUsd: number }
  | { kind: 'done'; message: string }
  | { kind: 'failed'; message: string }

function paidPhrase(costUsd: number, cached: boolean): string {
  return cached || costUsd === 0 ? 'cached · free' : `paid ${formatUsd(costUsd)}`
}

/** A conversion is written here from the track on screen: no request, so no price but "free". */
function ConvertButton({
  format,
  disabled,
  onConvert,
}: {
  format: ConvertibleFormat
  disabled: boolean
  onConvert: () => void
}) {
  return (
    <Button size="sm" variant="secondary" disabled={disabled} onClick={onConvert}>
      <span>{`Download ${FORMAT_LABELS[format]} (converted)`}</span>
      <span aria-hidden="true" className="opacity-70">
        ·
      </span>
      <span data-testid="price">free</span>
    </Button>
  )
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
      {total.requests} {total.requests === 1 ? 'request' : 'requests'}
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
  /** The language the view asked its track in (undefined: the video's default): its JSON is asked the same way, so it is never bought twice. */
  requestLang: string | undefined
  mode: CaptionMode
  /** The track on screen, already bought: what the free conversions are written from. */
  items: readonly CaptionItem[]
  /** Every language the file list offers, for "All languages". */
  languageCodes: readonly string[]
}

/**
 * The shown track converted here for free (srt, vtt, ttml, csv, text, json), the service's exact file in any of the
 * 11 formats at its price, or a ZIP of all formats (converted where possible, or exact) or of all languages.
 */
export function DownloadPanel({
  videoId,
  lang,
  requestLang,
  mode,
  items,
  languageCodes,
}: DownloadPanelProps) {
  const [job, setJob] = useState<Job>({ kind: 'idle' })
  const [zipFormat, setZipFormat] = useState<CaptionFormat>('srt')
  const controller = useRef<AbortController | null>(null)
  const zipFormatId = useId()
  const running = job.kind === 'running'

  const shown = { videoId, lang, requestLang, mode }
  const formatRequests = CAPTION_FORMATS.map((format) => fileRequest(shown, format))
  // The ZIPs are bulk runs of this one video: same plan, retries, layout and manifest as the bulk view's. Asked in the
  // view's own spelling, so the JSON track in them is the one on screen (a cached answer).
  const formatsSelection = (files: FileSource): BulkSelection => ({
    videoIds: [videoId],
    formats: CAPTION_FORMATS,
    languages: requestLang === undefined ? 'default' : [requestLang as LanguageCode],
    mode,
    files,
  })
  const languagesSelection: BulkSelection = {
    videoIds: [videoId],
    formats: [zipFormat],
    languages: (languageCodes.length > 0 ? languageCodes : [lang]) as LanguageCode[],
    mode,
  }
  // Priced on the URLs the run will request.
  const convertedTotal = useQuotesTotal(planBulk(formatsSelection('converted')).jobs.map((j) => jobUrl(j)))
  const formatsTotal = useQuotesTotal(planBulk(formatsSelection('exact')).jobs.map((j) => jobUrl(j)))
  const languagesTotal = useQuotesTotal(planBulk(languagesSelection).jobs.map((j) => jobUrl(j)))

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
      // The bytes as the function sent them: never decoded and re-encoded on the way to the file.
      downloadBlob(
        new Blob([file.bytes as BlobPart], { type: captionContentType(request.format) }),
        file.name,
      )
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

  async function downloadConverted(format: ConvertibleFormat) {
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

  async function downloadZip(label: string, selection: BulkSelection, zipName: string) {
    const abort = new AbortController()
    controller.current = abort
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
      // Held until the manifest is in: a stopped or empty run saves nothing, as before.
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
      downloadBlob(
        zip.type === 'application/zip' ? zip : new Blob([zip], { type: 'application/zip' }),
        zipName,
      )
      const notIncluded =
        missing.length > 0 ? `; ${missing.length} unavailable (listed in manifest.json)` : ''
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
      <div role="group" aria-labelledby={`${zipFormatId}-converted`} className="space-y-1">
        <p id={`${zipFormatId}-converted`} className="text-sm text-slate-700">
          Free conversions of the track shown, written here from its JSON (named <code>.converted.</code>):
        </p>
        <div className="flex flex-wrap gap-2">
          {CONVERTIBLE_FORMATS.map((format) => (
            <ConvertButton
              key={format}
              format={format}
              disabled={running}
              onConvert={() => void downloadConverted(format)}
            />
          ))}
        </div>
      </div>
      <div role="group" aria-labelledby={`${zipFormatId}-exact`} className="space-y-1">
        <p id={`${zipFormatId}-exact`} className="text-sm text-slate-700">
          The service&apos;s exact files, each a paid request unless cached:
        </p>
        <div className="flex flex-wrap gap-2">
          {formatRequests.map((r) => (
            <FormatButton
              key={r.format}
              request={r}
              disabled={running}
              onDownload={() => void downloadOne(r)}
            />
          ))}
        </div>
      </div>
      {(
        [
          ['converted', 'All formats, converted where possible', convertedTotal, '.converted'],
          ['exact', 'All formats, exact', formatsTotal, ''],
        ] as const
      ).map(([files, label, total, suffix]) => (
        <div key={files} className="flex flex-wrap items-center gap-2">
          <PricedButton
            size="sm"
            label={`${label} (ZIP)`}
            priceUsd={total.totalUsd}
            cached={total.cachedCount === total.requests}
            disabled={running}
            onClick={() =>
              void downloadZip(label, formatsSelection(files), `${videoId}.${lang}.all-formats${suffix}.zip`)
            }
          />
          <ZipPrice total={total} />
        </div>
      ))}
      <div className="flex flex-wrap items-center gap-2">
        <PricedButton
          size="sm"
          label="All languages (ZIP)"
          priceUsd={languagesTotal.totalUsd}
          cached={languagesTotal.cachedCount === languagesTotal.requests}
          disabled={running}
          onClick={() =>
            void downloadZip('All languages', languagesSelection, `${videoId}.all-languages.${zipFormat}.zip`)
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
