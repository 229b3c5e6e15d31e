import { formatUsd, type CaptionFormat } from '#contract/index.ts'
import { Button } from '#components/ui/button.tsx'
import { PricedButton } from '#components/pricing/priced-button.tsx'
import type { ConvertibleFormat } from '#lib/captions/convertible.ts'
import { captionDownloadUrl, type CaptionFileRequest } from '../api/fetch-caption-file.ts'
import { CAPTION_PRICE, useQuote, type PriceTotal } from '../hooks/use-quotes.ts'

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

export type ConvertButtonProps = {
  format: ConvertibleFormat
  disabled: boolean
  onConvert: () => void
}

/** A conversion is written here from the track on screen: no request, so no price but "free". */
export function ConvertButton({ format, disabled, onConvert }: ConvertButtonProps) {
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

export type FormatButtonProps = {
  request: CaptionFileRequest
  disabled: boolean
  onDownload: () => void
}

/** The service's exact file in one format, priced by its own quote. */
export function FormatButton({ request, disabled, onDownload }: FormatButtonProps) {
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

export type ZipPriceProps = { total: PriceTotal }

/** A ZIP's price spelled out: its requests, the cached ones free, the rest at the caption price. */
export function ZipPrice({ total }: ZipPriceProps) {
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

export type ZipButtonProps = {
  label: string
  total: PriceTotal
  disabled: boolean
  onDownload: () => void
}

/** A ZIP's button priced at its total, free when every request in it is cached. */
export function ZipButton({ label, total, disabled, onDownload }: ZipButtonProps) {
  return (
    <PricedButton
      size="sm"
      label={`${label} (ZIP)`}
      priceUsd={total.totalUsd}
      cached={total.cachedCount === total.requests}
      disabled={disabled}
      onClick={onDownload}
    />
  )
}
