/** What following a link to a paying view would cost now: the sum of its opening requests' quotes, free when all are cached. */
import { useQueries } from '@tanstack/react-query'
import { addUsd } from '#contract/prices.ts'
import { openingRequests, type Opening } from './opening-requests.ts'
import { quoteQueries } from './quote-queries.ts'

export type OpeningPrice = {
  /** What opening costs: the quoted price, or the list price while a quote is pending or failed. */
  priceUsd: number
  /** Every opening request is in the function's cache: opening is free. */
  cached: boolean
  /** Every quote has answered (false: the price shown is the list price). */
  quoted: boolean
}

/** Sums quotes (or list prices where a quote is missing) of one view's opening requests. */
export function openingPriceOf(
  requests: readonly { listPriceUsd: number }[],
  quotes: readonly ({ priceUsd: number; cached: boolean } | undefined)[],
): OpeningPrice {
  const quoted = quotes.length === requests.length && quotes.every((q) => q !== undefined)
  const cached = quoted && quotes.every((q) => q!.cached)
  const priceUsd = addUsd(
    ...requests.map((r, i) => {
      const q = quotes[i]
      return q ? (q.cached ? 0 : q.priceUsd) : r.listPriceUsd
    }),
  )
  return { priceUsd, cached, quoted }
}

/** `opening` undefined: nothing to price (the list price of nothing, free). Quotes of a list travel in one batch. */
export function useOpeningPrice(opening: Opening | undefined): OpeningPrice & { failed: boolean } {
  const requests = opening ? openingRequests(opening) : []
  const results = useQueries({ queries: requests.map((r) => quoteQueries.inBatch(r.path)) })
  return {
    ...openingPriceOf(
      requests,
      results.map((r) => r.data),
    ),
    failed: results.some((r) => r.isError),
  }
}
