import { priceOf } from '#contract/index.ts'
import { ErrorPanel } from '#components/ui/error-panel.tsx'
import { PricedButton } from '#components/pricing/priced-button.tsx'
import { errorMessage } from '#lib/api-client.ts'
import type { QuotedPrice } from '#lib/pricing/use-quoted-price.ts'

export type MoreResultsProps = {
  /** The next page failed: why, with a retry. */
  pageError: Error | undefined
  hasNextPage: boolean
  fetchingNextPage: boolean
  nextPrice: QuotedPrice
  onLoadMore: () => void
}

/** The foot of the list: the next page with its price, its failure, or that every page is loaded. */
export function MoreResults({
  pageError,
  hasNextPage,
  fetchingNextPage,
  nextPrice,
  onLoadMore,
}: MoreResultsProps) {
  if (pageError) {
    return (
      <ErrorPanel
        title="The next page could not be loaded"
        message={errorMessage(pageError)}
        error={pageError}
        onRetry={onLoadMore}
        retryPriceUsd={priceOf('GET /search')}
        retrying={fetchingNextPage}
      />
    )
  }
  if (hasNextPage) {
    return (
      <PricedButton
        label={fetchingNextPage ? 'Loading more…' : 'Load more'}
        priceUsd={nextPrice.priceUsd}
        cached={nextPrice.cached}
        disabled={fetchingNextPage}
        onClick={onLoadMore}
      />
    )
  }
  return <p className="text-sm text-slate-600">All results the service returns for this search are loaded.</p>
}
