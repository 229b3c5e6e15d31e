import { formatUsd } from '../../../../contract/index.ts'
import type { Budget, SpendTotals } from '../model/spend-schema.ts'

type SpendSummaryProps = { totals: SpendTotals; budget: Budget | null }

function Figure({ term, value, note }: { term: string; value: string; note?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3">
      <dt className="text-sm text-slate-600">{term}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums">{value}</dd>
      {note && <dd className="text-xs text-slate-600">{note}</dd>}
    </div>
  )
}

function BudgetStatus({ budget }: { budget: Budget }) {
  const left = Math.max(0, budget.leftUsd)
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3">
      <p className="text-sm text-slate-600" id="budget-label">
        Budget (BUDGET_USD)
      </p>
      <p className="mt-1 tabular-nums">
        <strong>{formatUsd(budget.spentUsd)}</strong> of {formatUsd(budget.capUsd)} spent · <strong>{formatUsd(left)}</strong> left
      </p>
      <meter className="mt-2 h-3 w-full" aria-labelledby="budget-label" min={0} max={budget.capUsd} low={budget.capUsd * 0.75} high={budget.capUsd * 0.9} optimum={0} value={budget.spentUsd}>
        {formatUsd(budget.spentUsd)} of {formatUsd(budget.capUsd)}
      </meter>
      {left <= 0 && <p className="mt-1 text-sm text-red-800">The budget is used up: paid calls are refused; cached answers are still served. Raise BUDGET_USD to continue.</p>}
    </div>
  )
}

/** The deployment's totals over the whole ledger, and the budget when one is set. */
export function SpendSummary({ totals, budget }: SpendSummaryProps) {
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure term="Spent" value={formatUsd(totals.spentUsd)} note="by this deployment, all time" />
        <Figure term="Paid calls" value={String(totals.paidCalls)} note={totals.failedCalls ? `${totals.failedCalls} failed` : undefined} />
        <Figure term="Cache hits" value={String(totals.cacheHits)} note="answered for free" />
        <Figure term="Saved by the cache" value={formatUsd(totals.savedUsd)} note="what those hits would have cost" />
      </dl>
      {budget ? <BudgetStatus budget={budget} /> : <p className="text-sm text-slate-600">No spending cap is set; set BUDGET_USD on the server to refuse calls past a budget.</p>}
    </div>
  )
}
