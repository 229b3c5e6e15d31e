import { ErrorPanel } from '#components/ui/error-panel.tsx'
import { errorMessage } from '#lib/api-client.ts'
import { useCountdown } from '#lib/captions/use-countdown.ts'
import { retryAdvice } from '#lib/captions/retry-advice.ts'

export type PaidRequestErrorProps = {
  title: string
  error: unknown
  /** When the failure arrived (epoch ms): a 429's wait counts from then. */
  failedAt: number
  retryPriceUsd: number
  retrying: boolean
  onRetry: () => void
}

/** A failed paid request: Retry with its price when it can help, after the service's wait on a 429, never after a 402 or a broken body. */
export function PaidRequestError({
  title,
  error,
  failedAt,
  retryPriceUsd,
  retrying,
  onRetry,
}: PaidRequestErrorProps) {
  const advice = retryAdvice(error)
  const left = useCountdown(failedAt, advice.kind === 'wait' ? advice.seconds : undefined)
  const canRetry = advice.kind === 'retry' || (advice.kind === 'wait' && left === 0)
  return (
    <ErrorPanel
      title={title}
      message={errorMessage(error)}
      onRetry={canRetry ? onRetry : undefined}
      retryPriceUsd={retryPriceUsd}
      retrying={retrying}
    >
      {advice.kind === 'wait' && left > 0 && (
        <p className="mt-2 text-sm" data-testid="retry-countdown">
          The service asked to wait: Retry is offered in {left} s.
        </p>
      )}
      {advice.kind === 'none' && <p className="mt-2 text-sm">{advice.instead}</p>}
    </ErrorPanel>
  )
}
