import { formatUsd, priceOf } from '#contract/index.ts'
import { PricedButton } from '#components/pricing/priced-button.tsx'
import { ErrorPanel } from '#components/ui/error-panel.tsx'
import { errorMessage } from '#lib/api-client.ts'
import { useQuotedPrice } from '#lib/pricing/use-quoted-price.ts'
import { popularPageUrl, type PopularFeed } from '../api/queries.ts'

export type NextPageBarProps = {
  nextToken: string | undefined
  loadedPages: number
  loadedCount: number
  fetching: boolean
  error: unknown
  onLoadMore: () => void
  autoPausedAfter?: number
  onResumeAuto: () => void
  feed?: PopularFeed
}

/** The end of the list: the next page with its price (or "cached · free"), the end of the feed, or why loading failed. */
export function NextPageBar({
  nextToken,
  loadedPages,
  loadedCount,
  fetching,
  error,
  onLoadMore,
  autoPausedAfter,
  onResumeAuto,
  feed,
}: NextPageBarProps) {
  const price = priceOf('GET /popularVideos')
  const quote = useQuotedPrice(nextToken ? popularPageUrl(nextToken, feed) : undefined, price)
  if (!nextToken) {
    return (
      <p className="text-sm text-slate-700" role="status">
        End of the popular list: all {loadedCount} videos are loaded ({loadedPages}{' '}
        {loadedPages === 1 ? 'page' : 'pages'}).
      </p>
    )
  }
  return (
    <div className="space-y-3">
      {error !== null && error !== undefined && !fetching && (
        <ErrorPanel
          title={`Page ${loadedPages + 1} could not be loaded`}
          message={errorMessage(error)}
          error={error}
          onRetry={onLoadMore}
          retryPriceUsd={price}
        />
      )}
      {autoPausedAfter !== undefined && (
        <p role="status" className="text-sm text-amber-900">
          Auto-load paused after {autoPausedAfter} pages ({formatUsd(autoPausedAfter * price)} at list price).{' '}
          <button type="button" className="font-medium text-sky-800 underline" onClick={onResumeAuto}>
            Resume auto-load
          </button>
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <PricedButton
          variant="primary"
          label={fetching ? `Loading page ${loadedPages + 1}…` : `Load more (page ${loadedPages + 1})`}
          priceUsd={price}
          cached={quote.cached}
          disabled={fetching}
          onClick={onLoadMore}
        />
        <span className="text-sm text-slate-600">{loadedCount} videos loaded so far.</span>
      </div>
    </div>
  )
}
