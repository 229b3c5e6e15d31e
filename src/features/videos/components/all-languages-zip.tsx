import { CAPTION_FORMATS, type CaptionFormat } from '#contract/index.ts'
import type { PriceTotal } from '../hooks/use-quotes.ts'
import { FORMAT_LABELS, ZipButton, ZipPrice } from './download-buttons.tsx'

export type AllLanguagesZipProps = {
  /** The select's id; the label points at it. */
  id: string
  format: CaptionFormat
  onFormatChange: (format: CaptionFormat) => void
  total: PriceTotal
  disabled: boolean
  onDownload: () => void
}

/** One ZIP of every language the video offers, in the format chosen beside it. */
export function AllLanguagesZip({
  id,
  format,
  onFormatChange,
  total,
  disabled,
  onDownload,
}: AllLanguagesZipProps) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ZipButton label="All languages" total={total} disabled={disabled} onDownload={onDownload} />
      <label htmlFor={id} className="text-sm">
        in format
      </label>
      <select
        id={id}
        value={format}
        onChange={(e) => onFormatChange(e.target.value as CaptionFormat)}
        className="rounded border border-slate-300 px-2 py-1 text-sm"
      >
        {CAPTION_FORMATS.map((f) => (
          <option key={f} value={f}>
            {FORMAT_LABELS[f]}
          </option>
        ))}
      </select>
      <ZipPrice total={total} />
    </div>
  )
}
