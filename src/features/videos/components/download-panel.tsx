import { useId } from 'react'
import { CAPTION_FORMATS, type CaptionMode } from '#contract/index.ts'
import type { CaptionItem } from '#contract/schemas.ts'
import { CONVERTIBLE_FORMATS } from '#lib/captions/convertible.ts'
import { fileRequest } from '../api/fetch-caption-file.ts'
import { useDownloadJob } from '../hooks/use-download-job.ts'
import { useZipChoices } from '../hooks/use-zip-choices.ts'
import { AllLanguagesZip } from './all-languages-zip.tsx'
import { ConvertButton, FormatButton, ZipButton, ZipPrice } from './download-buttons.tsx'
import { DownloadJobStatus } from './download-job-status.tsx'

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
  const { job, running, downloadOne, downloadConverted, downloadZip, stop } = useDownloadJob({
    videoId,
    lang,
    mode,
    items,
  })
  const zips = useZipChoices({ videoId, lang, requestLang, mode, languageCodes })
  const zipFormatId = useId()
  const formatRequests = CAPTION_FORMATS.map((format) =>
    fileRequest({ videoId, lang, requestLang, mode }, format),
  )
  const allFormats = [
    ['converted', 'All formats, converted where possible', zips.convertedTotal, '.converted'],
    ['exact', 'All formats, exact', zips.formatsTotal, ''],
  ] as const

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
      {allFormats.map(([files, label, total, suffix]) => (
        <div key={files} className="flex flex-wrap items-center gap-2">
          <ZipButton
            label={label}
            total={total}
            disabled={running}
            onDownload={() =>
              void downloadZip(
                label,
                zips.formatsSelection(files),
                `${videoId}.${lang}.all-formats${suffix}.zip`,
              )
            }
          />
          <ZipPrice total={total} />
        </div>
      ))}
      <AllLanguagesZip
        id={zipFormatId}
        format={zips.zipFormat}
        onFormatChange={zips.setZipFormat}
        total={zips.languagesTotal}
        disabled={running}
        onDownload={() =>
          void downloadZip(
            'All languages',
            zips.languagesSelection,
            `${videoId}.all-languages.${zips.zipFormat}.zip`,
          )
        }
      />
      <DownloadJobStatus job={job} onStop={stop} />
    </section>
  )
}
