import { useId } from 'react'
import { formatUsd } from '#contract/index.ts'
import { PricedButton } from '#components/pricing/priced-button.tsx'
import {
  CAPTION_REQUEST_PRICE_USD,
  type BothWays,
  type BulkPlan,
  type FileNaming,
} from '#lib/caption-archive/plan.ts'
import type { SaveMethod } from '#lib/caption-archive/save-zip.ts'
import type { FileSource } from '#lib/captions/convertible.ts'

/** `$0.106`, `$0.0265`: every digit that counts (up to the service's five), none that does not. */
function preciseUsd(amount: number): string {
  return `$${Number(amount.toFixed(5))}`
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`

type PlanCounts = { formats: number; videos: number; languages: number | 'default' }

/** "4 formats × 50 videos: $0.106 exact, $0.0265 converted". */
function bothPricesLine(counts: PlanCounts, both: BothWays): string {
  const languages =
    counts.languages === 'default' || counts.languages === 1
      ? ''
      : ` × ${plural(counts.languages, 'language')}`
  return `${plural(counts.formats, 'format')} × ${plural(counts.videos, 'video')}${languages}: ${preciseUsd(both.exact.priceUsd)} exact, ${preciseUsd(both.converted.priceUsd)} converted`
}

function FileSourceChoice({
  both,
  value,
  onChange,
}: {
  both: BothWays
  value: FileSource
  onChange: (files: FileSource) => void
}) {
  const written = both.convertible.filter((f) => f !== 'json')
  return (
    <fieldset className="space-y-1 text-sm">
      <legend className="font-medium">Files</legend>
      {(
        [
          ['exact', "The service's exact files", ''],
          [
            'converted',
            'Converted here from each JSON track',
            written.length > 0
              ? ` (${written.join(', ')} written from the JSON track, named .converted.; same cues and times)`
              : '',
          ],
        ] as const
      ).map(([files, label, note]) => (
        <label key={files} className="flex items-baseline gap-2">
          <input type="radio" name="bulk-files" checked={value === files} onChange={() => onChange(files)} />
          <span>
            {label}: {plural(both[files].requests, 'request')} ={' '}
            <strong className="tabular-nums">{preciseUsd(both[files].priceUsd)}</strong>
            {note}
          </span>
        </label>
      ))}
      {both.exactOnly.length > 0 && (
        <p className="text-slate-700" data-testid="bulk-exact-only">
          {both.exactOnly.join(', ')} cannot be written from the JSON track: bought exact either way.
        </p>
      )}
    </fieldset>
  )
}

type NamingChoiceProps = {
  value: FileNaming
  /** Videos whose default language is not known: one JSON request each to learn it. */
  lookups: number
  onChange: (naming: FileNaming) => void
}

/** Exact files in each video's default language: learn the language for the names (priced), or name them "default". */
function NamingChoice({ value, lookups, onChange }: NamingChoiceProps) {
  const options = [
    [
      'default-track',
      'As the default track',
      <>
        {' '}
        (<code>&lt;id&gt;.default.srt</code>; the manifest says each is the video's default track): no extra
        request
      </>,
    ],
    [
      'by-language',
      'By language',
      <>
        {' '}
        (<code>&lt;id&gt;.en.srt</code>): +{plural(lookups, 'JSON request')} (one per video whose language is
        not known here) ={' '}
        <strong className="tabular-nums">+{preciseUsd(lookups * CAPTION_REQUEST_PRICE_USD)}</strong>, recorded
        in the manifest, not saved
      </>,
    ],
  ] as const
  return (
    <fieldset className="space-y-1 text-sm" data-testid="bulk-naming">
      <legend className="font-medium">Name the files</legend>
      {options.map(([naming, label, note]) => (
        <label key={naming} className="flex items-baseline gap-2">
          <input
            type="radio"
            name="bulk-naming"
            checked={value === naming}
            onChange={() => onChange(naming)}
          />
          <span>
            {label}
            {note}
          </span>
        </label>
      ))}
    </fieldset>
  )
}

export type PlanSummaryProps = {
  plan: BulkPlan
  both: BothWays
  counts: PlanCounts
  files: FileSource
  onFilesChange: (files: FileSource) => void
  /** Offered when exact files in each video's default language would need a JSON request to be named by language. */
  naming?: NamingChoiceProps
  /** Why nothing can be downloaded yet, if so. */
  blocker: string | undefined
  method: SaveMethod
  canStream: boolean
  busy: boolean
  onMethodChange: (method: SaveMethod) => void
  onStart: () => void
}

/** The number of requests and their price, before anything is paid; then the button that pays. */
export function PlanSummary({
  plan,
  both,
  counts,
  files,
  onFilesChange,
  naming,
  blocker,
  method,
  canStream,
  busy,
  onMethodChange,
  onStart,
}: PlanSummaryProps) {
  const hintId = useId()
  return (
    <div className="space-y-3">
      {!blocker && (
        <p data-testid="bulk-both-prices" className="font-medium">
          {bothPricesLine(counts, both)}
        </p>
      )}
      <FileSourceChoice both={both} value={files} onChange={onFilesChange} />
      {naming && files === 'exact' && <NamingChoice {...naming} />}
      <p data-testid="bulk-plan">
        <strong>
          {plan.requests} {plan.requests === 1 ? 'request' : 'requests'}
        </strong>{' '}
        × {formatUsd(CAPTION_REQUEST_PRICE_USD)} ={' '}
        <strong className="tabular-nums">{formatUsd(plan.priceUsd)}</strong> at most, for up to {plan.files}{' '}
        {plan.files === 1 ? 'file' : 'files'}
        {plan.converted > 0 && ` (${plan.converted} converted here, free)`}.
      </p>
      {plan.lookupsOnly > 0 && (
        <p className="text-sm text-slate-700">
          Includes {plan.lookupsOnly} JSON {plan.lookupsOnly === 1 ? 'request' : 'requests'} (one per video)
          that learn each video's default language to name its files, as chosen above; they are recorded in
          the manifest, not saved as files. Choose JSON as a format to keep them.
        </p>
      )}
      {plan.converted > 0 && !both.convertible.includes('json') && (
        <p className="text-sm text-slate-700" data-testid="bulk-json-unsaved">
          The JSON tracks the converted files are written from are recorded in the manifest, not saved as
          files. Choose JSON as a format to keep them too (no extra request).
        </p>
      )}
      <p className="text-sm text-slate-700">
        Answers the dashboard's server already has cached are free, so the charge can be lower: the running
        cost shows what is actually paid. Captions a video does not have are reported in the ZIP, not retried;
        nothing charged is ever asked for again by itself.
      </p>
      <fieldset className="space-y-1 text-sm">
        <legend className="font-medium">Save the ZIP</legend>
        <label className="flex items-baseline gap-2">
          <input
            type="radio"
            name="bulk-save"
            checked={method === 'file'}
            disabled={!canStream}
            onChange={() => onMethodChange('file')}
          />
          <span>
            To a file I choose, written to disk as it downloads (best for hundreds of files)
            {!canStream && ' — not available in this browser'}
          </span>
        </label>
        <label className="flex items-baseline gap-2">
          <input
            type="radio"
            name="bulk-save"
            checked={method === 'download'}
            onChange={() => onMethodChange('download')}
          />
          <span>As a browser download when it is complete</span>
        </label>
      </fieldset>
      <PricedButton
        variant="primary"
        label="Download ZIP"
        priceUsd={plan.priceUsd}
        disabled={!!blocker || busy}
        aria-describedby={blocker ? hintId : undefined}
        onClick={onStart}
      />
      {blocker && (
        <p id={hintId} className="text-sm text-amber-900">
          {blocker}
        </p>
      )}
    </div>
  )
}
