import { useEffect, useState, useSyncExternalStore } from 'react'
import { useQuery } from '@tanstack/react-query'
import { formatUsd } from '#contract/prices.ts'
import { getSessionSpend, subscribeSessionSpend } from '#lib/pricing/cost-tracker.ts'
import { describePayment } from '#lib/describe-request.ts'
import { spendQueries } from '../api/queries.ts'
import type { Budget } from '../lib/spend-schema.ts'

/** Below which width a figure is for screen readers only: the header keeps to one row of figures. */
const SHOWN_FROM = {
  always: 'whitespace-nowrap',
  sm: 'whitespace-nowrap sr-only sm:not-sr-only',
  md: 'whitespace-nowrap sr-only md:not-sr-only',
  lg: 'whitespace-nowrap sr-only lg:not-sr-only',
} as const

// Whole class strings per tone, not merged ones: the header's first load does without tailwind-merge (docs/decisions/0099).
const TONES = {
  strong: 'inline font-semibold tabular-nums text-white',
  plain: 'inline font-normal tabular-nums text-slate-200',
  low: 'inline font-semibold tabular-nums text-amber-300',
  spent: 'inline font-semibold tabular-nums text-red-300',
} as const

type ItemProps = {
  term: string
  value: string
  testId: string
  shownFrom?: keyof typeof SHOWN_FROM
  tone?: keyof typeof TONES
}

/** One `term: value` pair; a definition list keeps each number with its meaning for screen readers. */
function Item({ term, value, testId, shownFrom = 'always', tone = 'strong' }: ItemProps) {
  return (
    <div className={SHOWN_FROM[shownFrom]}>
      <dt className="inline text-slate-300">{term}: </dt>
      <dd className={TONES[tone]} data-testid={testId}>
        {value}
      </dd>
    </div>
  )
}

function budgetTone(budget: Budget): keyof typeof TONES {
  if (budget.leftUsd <= 0) return 'spent'
  return budget.leftUsd < budget.capUsd * 0.1 ? 'low' : 'strong'
}

/** The latest answer that went through the paid path (quotes and the ledger are free bookkeeping, not payments). */
function useLastPayment(): string | undefined {
  const [line, setLine] = useState<string>()
  useEffect(
    () =>
      subscribeSessionSpend(() => {
        const last = getSessionSpend().last
        if (last && last.cache !== 'NONE') setLine(describePayment(last))
        else if (last && last.costUsd > 0) setLine(describePayment(last))
      }),
    [],
  )
  return line
}

/** Each payment as it happens, in one polite live line above the totals. */
function PaymentLine() {
  const line = useLastPayment()
  return (
    <p
      role="status"
      aria-label="Latest payment"
      className="min-h-[1lh] w-0 min-w-full truncate text-right text-slate-300"
      data-testid="last-payment"
      title={line}
    >
      {line}
    </p>
  )
}

/**
 * Header meter: this browser session's spend (from response headers) and the deployment's totals, budget and cache
 * savings (from /api/spend). The row is right-aligned and the deployment's figures come first, so when they arrive
 * they extend it leftwards without moving the session's figures.
 */
export function CostMeter() {
  const session = useSyncExternalStore(subscribeSessionSpend, getSessionSpend, getSessionSpend)
  // Signed out or unreachable: the session figure still shows; the deployment's figures wait for the ledger.
  const { data } = useQuery(spendQueries.totals())
  return (
    // The payment line has its own line, there from the start and as wide as the totals (it adds no width): a
    // payment arriving moves nothing (it had widened the header into a second row: layout shift 0.23 on /replies).
    <section aria-label="Spending" className="grid justify-items-end gap-y-0.5 text-xs">
      <PaymentLine />
      <dl className="flex flex-wrap items-baseline justify-end gap-x-3 gap-y-0.5">
        {data?.budget && (
          <Item
            term="Budget left"
            value={`${formatUsd(Math.max(0, data.budget.leftUsd))} of ${formatUsd(data.budget.capUsd)}`}
            testId="budget-left"
            tone={budgetTone(data.budget)}
          />
        )}
        {data && (
          <Item
            term="All time"
            value={formatUsd(data.totals.spentUsd)}
            testId="deployment-spend"
            shownFrom="sm"
          />
        )}
        {data && (
          <Item
            term="Saved by cache"
            value={formatUsd(data.totals.savedUsd)}
            testId="cache-savings"
            shownFrom="md"
          />
        )}
        <Item term="This session" value={formatUsd(session.spentUsd)} testId="session-spend" />
        <Item
          term="Session calls"
          value={`${session.paidCalls} paid, ${session.cacheHits} cached`}
          testId="session-calls"
          shownFrom="lg"
          tone="plain"
        />
      </dl>
    </section>
  )
}
