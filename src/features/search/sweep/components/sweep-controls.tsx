import type { Ref } from 'react'
import { formatUsd } from '#contract/index.ts'
import { Button } from '#components/ui/button.tsx'
import { PricedButton } from '#components/pricing/priced-button.tsx'
import type { RunState } from '../hooks/use-sweep-run.ts'
import type { RemainingCost } from '../lib/remaining-cost.ts'
import type { SweepDepth, SweepPlan } from '../lib/sweep-plan.ts'

export type SweepControlsProps = {
  /** The row of buttons: focus moves inside it as Run turns into Stop. */
  ref: Ref<HTMLDivElement>
  plan: SweepPlan
  remaining: RemainingCost
  depth: SweepDepth
  maxUsd: number
  state: RunState
  /** Saved progress of an interrupted sweep was found. */
  resumable: boolean
  started: boolean
  spentUsd: number
  onRun: () => void
  onStop: () => void
  onDiscard: () => void
}

/** Run, stop, resume or forget the sweep, with what running can still cost. */
export function SweepControls({
  ref,
  plan,
  remaining,
  depth,
  maxUsd,
  state,
  resumable,
  started,
  spentUsd,
  onRun,
  onStop,
  onDiscard,
}: SweepControlsProps) {
  const running = state === 'running'
  return (
    <div className="space-y-2">
      {resumable && started && (
        <p role="status" className="rounded border border-sky-300 bg-sky-50 p-2 text-sm">
          This sweep was interrupted with {formatUsd(spentUsd)} spent. Resume it: pages already bought are not
          bought again.
        </p>
      )}
      <div ref={ref} className="flex flex-wrap items-center gap-2">
        {running ? (
          <Button variant="primary" data-run onClick={onStop}>
            Stop
          </Button>
        ) : remaining.circlesLeft > 0 ? (
          <PricedButton
            data-run
            variant="primary"
            label={started ? 'Resume sweep' : 'Run sweep'}
            priceUsd={remaining.usd}
            estimate={depth.kind !== 'first'}
            cached={remaining.usd === 0 && depth.kind === 'first'}
            disabled={state === 'loading' || (remaining.usd === 0 && depth.kind !== 'first')}
            onClick={onRun}
          />
        ) : null}
        {started && !running && (
          <Button size="sm" onClick={onDiscard}>
            Forget this sweep&apos;s progress
          </Button>
        )}
      </div>
      <p className="text-xs text-slate-600">
        {plan.summary.replace(/([^.])$/, '$1.')} The sweep stops before any page that would take the spend
        past {formatUsd(maxUsd)}.
      </p>
    </div>
  )
}
