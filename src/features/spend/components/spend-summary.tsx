import { formatUsd } from '#contract/index.ts'
import { cn } from '#lib/cn.ts'
import { sourceHeadline } from '../lib/data-source.ts'
import type { Budget, DataSource, SpendTotals } from '../lib/spend-schema.ts'

type SpendSummaryProps = {
  totals: SpendTotals
  budget: Budget | null
  source: DataSource | undefined
  storage: string | undefined
}

function Figure({ term, value, note }: { term: string; value: string; note?: string | undefined }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3">
      <dt className="text-sm text-slate-600">{term}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums">{value}</dd>
      {note && <dd className="text-xs text-slate-600">{note}</dd>}
    </div>
  )
}

const calls = (n: number) => `${n} ${n === 1 ? 'call' : 'calls'}`

/** Which data source the figures are for: the demo simulator's invented spend must never read as real spend. */
function SourceNote({ source, storage }: { source: DataSource | undefined; storage: string | undefined }) {
  if (!source && !storage) return null
  return (
    <div
      className={cn(
        'rounded-lg border p-3 text-sm',
        source?.kind === 'demo' ? 'border-amber-300 bg-amber-50' : 'border-slate-200 bg-white',
      )}
    >
      {source && (
        <p>
          <span className="text-slate-600">Figures for: </span>
          <strong className="font-semibold">{sourceHeadline(source)}</strong>
        </p>
      )}
      {storage && <p className="mt-0.5 text-xs text-slate-600">Ledger kept in {storage}.</p>}
    </div>
  )
}

function BudgetStatus({ budget, pendingUsd }: { budget: Budget; pendingUsd: number }) {
  const left = Math.max(0, budget.leftUsd)
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3">
      <p className="text-sm text-slate-600" id="budget-label">
        Budget (BUDGET_USD), live service only
      </p>
      <p className="mt-1 tabular-nums">
        <strong>{formatUsd(budget.spentUsd)}</strong> of {formatUsd(budget.capUsd)}{' '}
        {pendingUsd > 0 ? 'spent or reserved' : 'spent'} · <strong>{formatUsd(left)}</strong> left
      </p>
      <meter
        className="mt-2 h-3 w-full"
        aria-labelledby="budget-label"
        min={0}
        max={budget.capUsd}
        low={budget.capUsd * 0.75}
        high={budget.capUsd * 0.9}
        optimum={0}
        value={budget.spentUsd}
      >
        {formatUsd(budget.spentUsd)} of {formatUsd(budget.capUsd)}
      </meter>
      {pendingUsd > 0 && (
        <p className="mt-1 text-xs text-slate-600">
          Of which {formatUsd(pendingUsd)} is reserved for pending or interrupted calls.
        </p>
      )}
      {left <= 0 && (
        <p className="mt-1 text-sm text-red-800">
          The budget is used up: paid calls are refused; cached answers are still served. Raise BUDGET_USD to
          continue.
        </p>
      )}
    </div>
  )
}

function NoBudget({ source }: { source: DataSource | undefined }) {
  if (source?.kind === 'demo') {
    return (
      <p className="text-sm text-slate-600">
        The demo simulator&apos;s charges are invented and never capped; BUDGET_USD applies to the live
        service only.
      </p>
    )
  }
  return (
    <p className="text-sm text-slate-600">
      No spending cap is set; set BUDGET_USD on the server to refuse calls past a budget.
    </p>
  )
}

/** One source's totals over the whole ledger (which source, and where the ledger is kept), pending calls, and the budget when one is set. */
export function SpendSummary({ totals, budget, source, storage }: SpendSummaryProps) {
  const pending = totals.pendingCalls > 0
  return (
    <div className="space-y-3">
      <SourceNote source={source} storage={storage} />
      <dl
        className={cn('grid grid-cols-2 gap-3', pending ? 'sm:grid-cols-3 lg:grid-cols-5' : 'sm:grid-cols-4')}
      >
        <Figure
          term="Spent"
          value={formatUsd(totals.spentUsd)}
          note={source ? 'on this source, all time' : 'by this deployment, all time'}
        />
        <Figure
          term="Paid calls"
          value={String(totals.paidCalls)}
          note={totals.failedCalls ? `${totals.failedCalls} failed` : undefined}
        />
        <Figure term="Cache hits" value={String(totals.cacheHits)} note="answered for free" />
        <Figure
          term="Saved by the cache"
          value={formatUsd(totals.savedUsd)}
          note="what those hits would have cost"
        />
        {pending && (
          <Figure
            term="Pending"
            value={calls(totals.pendingCalls)}
            note={`${formatUsd(totals.pendingUsd)} reserved`}
          />
        )}
      </dl>
      {pending && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
          A pending call was recorded before it left for the service and its outcome is not known yet (still
          in flight, or the server stopped mid-call):
          {source?.kind === 'demo'
            ? ' its price is held as reserved'
            : ' its price is reserved against the budget'}{' '}
          and is not included in Spent.
        </p>
      )}
      {budget ? (
        <BudgetStatus budget={budget} pendingUsd={totals.pendingUsd + totals.interruptedUsd} />
      ) : (
        <NoBudget source={source} />
      )}
    </div>
  )
}
