import type { ReactNode } from 'react'
import { adviseOn, type FailureAdvice } from '#lib/failure-advice.ts'
import { ROUTES } from '#lib/routes.ts'
import { useCountdown } from '#lib/use-countdown.ts'
import { PricedButton } from './priced-button.tsx'

export type ErrorPanelProps = {
  title: string
  message: string
  /** Offered when retrying can help; its price is shown on the button. */
  onRetry?: () => void
  retryPriceUsd?: number
  /** The retried request is in the function's cache: the button says "cached · free". */
  retryCached?: boolean
  retrying?: boolean
  /**
   * The failure itself: a 429 counts down its Retry-After before Retry is offered, a 402 offers none and says what to
   * do, a contract-broken answer says a retry will likely fail alike (docs/decisions/0138).
   */
  error?: unknown
  children?: ReactNode
}

function Advice({ advice, waitLeft }: { advice: FailureAdvice; waitLeft: number }) {
  const spend = (
    <a className="font-medium underline" href={ROUTES.spend}>
      Spend
    </a>
  )
  switch (advice.kind) {
    case 'wait':
      return (
        <p className="mt-1 text-sm" data-testid="retry-wait">
          The service limits how fast it is asked.{' '}
          {waitLeft > 0
            ? `Retry is offered when its wait is over: ${waitLeft} s.`
            : 'Its wait is over: you can retry now.'}
        </p>
      )
    case 'budget':
      return (
        <p className="mt-1 text-sm">
          Retrying cannot pass: this dashboard&rsquo;s budget cap is used up. Raise <code>BUDGET_USD</code> on
          the dashboard&rsquo;s server and restart it (what was spent is on {spend}).
        </p>
      )
    case 'balance':
      return (
        <p className="mt-1 text-sm">
          Retrying cannot pass: the prepaid balance at the data service is used up. Add funds in the
          service&rsquo;s account dashboard, or raise <code>BUDGET_USD</code> if the dashboard&rsquo;s cap
          refused it (what was spent is on {spend}).
        </p>
      )
    case 'contract':
      return (
        <p className="mt-1 text-sm">
          The service&rsquo;s answer did not have the shape its documentation promises, so it was not used.
          The same request will very likely break the same way; it was not retried.
        </p>
      )
    case 'other':
      return null
  }
}

export function ErrorPanel({
  title,
  message,
  onRetry,
  retryPriceUsd = 0,
  retryCached,
  retrying,
  error,
  children,
}: ErrorPanelProps) {
  const advice = adviseOn(error)
  const waitLeft = useCountdown(advice.kind === 'wait' ? advice.seconds : undefined, error)
  const retryHelps = advice.kind !== 'budget' && advice.kind !== 'balance'
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">{title}</p>
      <p className="mt-1 text-sm">{message}</p>
      <Advice advice={advice} waitLeft={waitLeft} />
      {children}
      {onRetry && retryHelps && waitLeft === 0 && (
        <PricedButton
          className="mt-3"
          size="sm"
          label={retrying ? 'Retrying…' : 'Retry'}
          priceUsd={retryPriceUsd}
          cached={retryCached}
          disabled={retrying}
          onClick={onRetry}
        />
      )}
    </div>
  )
}
