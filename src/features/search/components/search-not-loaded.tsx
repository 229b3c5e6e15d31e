import { formatUsd, priceOf } from '#contract/index.ts'
import { ErrorPanel } from '#components/ui/error-panel.tsx'
import { ApiError, errorMessage } from '#lib/api-client.ts'
import { describeSearch } from '../lib/describe-search.ts'
import type { SearchInput } from '../lib/search-url.ts'

const PAGE_PRICE = priceOf('GET /search')

export type SearchNotLoadedProps = {
  input: SearchInput
  error: Error | null
  fetching: boolean
  checkingQuote: boolean
  onRetry: () => void
}

/** Before the first page is on screen: why the search failed, that it is running, or what running it costs. */
export function SearchNotLoaded({ input, error, fetching, checkingQuote, onRetry }: SearchNotLoadedProps) {
  if (error) {
    const refused = error instanceof ApiError && error.status === 400
    return (
      <ErrorPanel
        title="The search failed"
        message={errorMessage(error)}
        error={error}
        {...(refused ? {} : { onRetry, retryPriceUsd: PAGE_PRICE, retrying: fetching })}
      />
    )
  }
  if (fetching) {
    return (
      <p role="status" className="text-slate-700">
        Searching for videos within {describeSearch(input)}…
      </p>
    )
  }
  return (
    <p role="status" className="rounded-lg border border-sky-200 bg-sky-50 p-4 text-slate-800">
      {checkingQuote
        ? 'Checking whether this search is already paid for…'
        : `Press Search to run this search for videos within ${describeSearch(input)}. One page of up to 50 videos costs ${formatUsd(PAGE_PRICE)}.`}
    </p>
  )
}
