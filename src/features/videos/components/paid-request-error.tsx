import { ErrorPanel } from '#components/ui/error-panel.tsx'
import { errorMessage } from '#lib/api-client.ts'

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
export function PaidRequestError({ title, error, ...retry }: PaidRequestErrorProps) {
  return <ErrorPanel title={title} message={errorMessage(error)} error={error} {...retry} />
}
