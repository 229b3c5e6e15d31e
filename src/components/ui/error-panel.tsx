import { useState, type ReactNode } from 'react'
import { retryAdvice } from '#lib/captions/retry-advice.ts'
import { useCountdown } from '#lib/captions/use-countdown.ts'
import { ROUTES } from '#lib/urls/routes.ts'
import { PricedButton } from '../pricing/priced-button.tsx'

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
   * The failure itself (docs/decisions/0138): after a 429 Retry waits out Retry-After with a countdown; after a 402 or
   * a body that broke the contract none is offered and the panel says what to do instead.
   */
  error?: unknown
  /** When the failure arrived (epoch ms, e.g. a query's `errorUpdatedAt`); by default when the panel first showed it. */
  failedAt?: number
  children?: ReactNode
}

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code

/** A body that broke the contract: reported, never retried by itself; a manual retry stays, priced (it may be a glitch). */
const isContractBreak = (error: unknown) =>
  codeOf(error) === 'upstream_invalid' || codeOf(error) === 'invalid_response'

/** A 402 (the budget cap or the balance): what was spent is on the Spend page. */
function isMoneyRefusal(error: unknown): boolean {
  const e = error as { status?: unknown; code?: unknown } | null
  return !!e && (e.status === 402 || e.code === 'budget_exhausted' || e.code === 'balance_exhausted')
}

export function ErrorPanel({
  title,
  message,
  onRetry,
  retryPriceUsd = 0,
  retryCached,
  retrying,
  error,
  failedAt,
  children,
}: ErrorPanelProps) {
  const [shown, setShown] = useState(() => ({ error, at: Date.now() }))
  // A new failure in the same panel waits from when it arrived.
  if (shown.error !== error) setShown({ error, at: Date.now() })
  const contractBreak = isContractBreak(error)
  const advice = error === undefined || contractBreak ? ({ kind: 'retry' } as const) : retryAdvice(error)
  const left = useCountdown(failedAt ?? shown.at, advice.kind === 'wait' ? advice.seconds : undefined)
  const canRetry = advice.kind === 'retry' || (advice.kind === 'wait' && left === 0)
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">{title}</p>
      <p className="mt-1 text-sm">{message}</p>
      {advice.kind === 'wait' && left > 0 && (
        <p className="mt-2 text-sm" data-testid="retry-countdown">
          The service asked to wait: Retry is offered in {left} s.
        </p>
      )}
      {contractBreak && (
        <p className="mt-2 text-sm">
          The service&rsquo;s answer did not have the shape its documentation promises, so it was not used and
          not retried by itself. A retry pays again and will most likely get the same broken answer.
        </p>
      )}
      {advice.kind === 'none' && (
        <p className="mt-2 text-sm">
          {advice.instead}
          {isMoneyRefusal(error) && (
            <>
              {' '}
              What was spent is on{' '}
              <a className="font-medium underline" href={ROUTES.spend}>
                Spend
              </a>
              .
            </>
          )}
        </p>
      )}
      {children}
      {onRetry && canRetry && (
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
