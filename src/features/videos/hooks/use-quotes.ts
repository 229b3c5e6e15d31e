import { useQueries } from '@tanstack/react-query'
import { addUsd, priceOf } from '#contract/index.ts'
import { quoteQueries } from '#lib/pricing/quote-queries.ts'
import { useQuotedPrice } from '#lib/pricing/use-quoted-price.ts'

export const CAPTION_PRICE = priceOf('GET /captions/{videoId}')
export const CAPTION_FILES_PRICE = priceOf('GET /files/captions/{videoId}')

export type Price = { priceUsd: number; cached: boolean }

/** What requesting `url` would cost now: free when the function has it cached, else the list price (also while the quote loads or fails). */
export function useQuote(url: string | undefined, listPrice = CAPTION_PRICE): Price {
  return useQuotedPrice(url, listPrice)
}

export type PriceTotal = { requests: number; cachedCount: number; totalUsd: number }

/** The price of fetching every URL in the list, counting cached ones as free. */
export function useQuotesTotal(urls: readonly string[], listPrice = CAPTION_PRICE): PriceTotal {
  return useQueries({
    queries: urls.map((u) => quoteQueries.forPath(u)),
    combine: (results) => {
      let cachedCount = 0
      const prices = results.map((r) => {
        if (r.data?.cached) {
          cachedCount++
          return 0
        }
        return r.data?.priceUsd ?? listPrice
      })
      return { requests: urls.length, cachedCount, totalUsd: addUsd(...prices) }
    },
  })
}
