import { priceOf } from '#contract/index.ts'
import { ErrorPanel } from '#components/ui/error-panel.tsx'
import { errorMessage } from '#lib/api-client.ts'

export type FirstPageStatusProps = {
  /** Absent while the first page is still on its way. */
  error: Error | undefined
  retrying: boolean
  onRetry: () => void
}

/** The feed before its first page is on screen: loading it, or why it could not be loaded. */
export function FirstPageStatus({ error, retrying, onRetry }: FirstPageStatusProps) {
  if (!error) {
    return (
      <p role="status" className="text-slate-700">
        Loading the first page of popular videos…
      </p>
    )
  }
  return (
    <ErrorPanel
      title="The popular list could not be loaded"
      message={errorMessage(error)}
      error={error}
      onRetry={onRetry}
      retryPriceUsd={priceOf('GET /popularVideos')}
      retrying={retrying}
    />
  )
}
