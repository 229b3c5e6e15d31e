import type { ReactNode } from 'react'
import { PricedButton } from './priced-button.tsx'

export type ErrorPanelProps = {
  title: string
  message: string
  /** Offered when retrying can help; its price is shown on the button. */
  onRetry?: () => void
  retryPriceUsd?: number
  retrying?: boolean
  children?: ReactNode
}

export function ErrorPanel({
  title,
  message,
  onRetry,
  retryPriceUsd = 0,
  retrying,
  children,
}: ErrorPanelProps) {
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">{title}</p>
      <p className="mt-1 text-sm">{message}</p>
      {children}
      {onRetry && (
        <PricedButton
          className="mt-3"
          size="sm"
          label={retrying ? 'Retrying…' : 'Retry'}
          priceUsd={retryPriceUsd}
          disabled={retrying}
          onClick={onRetry}
        />
      )}
    </div>
  )
}
