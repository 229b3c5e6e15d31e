/** What pressing a paid button will cost now: free when the function has the answer cached, else the list price. */
import { useQuery } from '@tanstack/react-query'
import { quoteQueries } from './quote-queries.ts'

export type QuotedPrice = { priceUsd: number; cached: boolean }

/** `apiPath` is the exact /api URL the action will request (undefined while it cannot be formed); the list price shows while the quote loads or when it fails. */
export function useQuotedPrice(apiPath: string | undefined, listPrice: number): QuotedPrice {
  const { data } = useQuery({ ...quoteQueries.forPath(apiPath ?? ''), enabled: !!apiPath })
  if (!apiPath || !data) return { priceUsd: listPrice, cached: false }
  return data.cached ? { priceUsd: 0, cached: true } : { priceUsd: data.priceUsd, cached: false }
}
