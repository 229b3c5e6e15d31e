import { useId } from 'react'
import { formatUsd } from '#contract/index.ts'
import { PricedButton } from '#components/ui/priced-button.tsx'
import { CAPTION_REQUEST_PRICE_USD, type BulkPlan } from '#lib/caption-archive/plan.ts'
import type { SaveMethod } from '#lib/caption-archive/save-zip.ts'

export type PlanSummaryProps = {
  plan: BulkPlan
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
      <p data-testid="bulk-plan">
        <strong>
          {plan.requests} {plan.requests === 1 ? 'request' : 'requests'}
        </strong>{' '}
        × {formatUsd(CAPTION_REQUEST_PRICE_USD)} ={' '}
        <strong className="tabular-nums">{formatUsd(plan.priceUsd)}</strong> at most, for up to {plan.files}{' '}
        {plan.files === 1 ? 'file' : 'files'}.
      </p>
      {plan.lookupsOnly > 0 && (
        <p className="text-sm text-slate-700">
          Includes {plan.lookupsOnly} JSON {plan.lookupsOnly === 1 ? 'request' : 'requests'} (one per video)
          that learn each video's default language to name its files; they are recorded in the manifest, not
          saved as files. Choose JSON as a format to keep them.
        </p>
      )}
      <p className="text-sm text-slate-700">
        Answers the dashboard's server already has cached are free, so the charge can be lower: the running
        cost shows what is actually paid. Captions a video does not have are reported in the ZIP, not retried.
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
