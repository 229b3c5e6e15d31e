import { useSyncExternalStore } from 'react'
import { formatUsd } from '../../../../contract/index.ts'
import { getSessionSpend, subscribeSessionSpend } from '../../../lib/cost-tracker.ts'

/** Header meter: what this browser session has paid so far. */
export function CostMeter() {
  const spend = useSyncExternalStore(subscribeSessionSpend, getSessionSpend, getSessionSpend)
  return (
    <div className="text-xs text-slate-200" aria-live="polite" aria-label="Spending">
      <span>
        This session: <strong className="text-white" data-testid="session-spend">{formatUsd(spend.spentUsd)}</strong>
      </span>
      <span className="ml-2 text-slate-400">
        {spend.paidCalls} paid · {spend.cacheHits} cached
      </span>
    </div>
  )
}
