import { useSyncExternalStore } from 'react'
import { useQuery } from '@tanstack/react-query'
import { formatUsd } from '../../../../contract/index.ts'
import { cn } from '../../../lib/cn.ts'
import { getSessionSpend, subscribeSessionSpend } from '../../../lib/cost-tracker.ts'
import { spendQueries } from '../api/queries.ts'
import type { Budget } from '../model/spend-schema.ts'

type ItemProps = { term: string; value: string; testId: string; className?: string; valueClassName?: string }

/** One `term: value` pair; a definition list keeps each number with its meaning for screen readers. */
function Item({ term, value, testId, className, valueClassName }: ItemProps) {
  return (
    <div className={cn('whitespace-nowrap', className)}>
      <dt className="inline text-slate-300">{term}: </dt>
      <dd className={cn('inline font-semibold tabular-nums text-white', valueClassName)} data-testid={testId}>
        {value}
      </dd>
    </div>
  )
}

function budgetTone(budget: Budget): string {
  if (budget.leftUsd <= 0) return 'text-red-300'
  return budget.leftUsd < budget.capUsd * 0.1 ? 'text-amber-300' : ''
}

/** Header meter: this browser session's spend (from response headers) and the deployment's totals, budget and cache savings (from /api/spend). */
export function CostMeter() {
  const session = useSyncExternalStore(subscribeSessionSpend, getSessionSpend, getSessionSpend)
  // Signed out or unreachable: the session figure still shows; the deployment's figures wait for the ledger.
  const { data } = useQuery(spendQueries.totals())
  return (
    <section aria-label="Spending" className="text-xs">
      <dl className="flex flex-wrap items-baseline justify-end gap-x-3 gap-y-0.5">
        <Item term="This session" value={formatUsd(session.spentUsd)} testId="session-spend" />
        <Item
          term="Session calls"
          value={`${session.paidCalls} paid, ${session.cacheHits} cached`}
          testId="session-calls"
          className="sr-only lg:not-sr-only"
          valueClassName="font-normal text-slate-200"
        />
        {data && <Item term="All time" value={formatUsd(data.totals.spentUsd)} testId="deployment-spend" className="sr-only sm:not-sr-only" />}
        {data?.budget && (
          <Item
            term="Budget left"
            value={`${formatUsd(Math.max(0, data.budget.leftUsd))} of ${formatUsd(data.budget.capUsd)}`}
            testId="budget-left"
            valueClassName={budgetTone(data.budget)}
          />
        )}
        {data && <Item term="Saved by cache" value={formatUsd(data.totals.savedUsd)} testId="cache-savings" className="sr-only md:not-sr-only" />}
      </dl>
    </section>
  )
}
