/** What an /api request would cost now: list price, or free when the function has it cached. */
import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { getJson } from './api-client.ts'

export const Quote = z.looseObject({ operation: z.string(), priceUsd: z.number(), cached: z.boolean() })
export type Quote = z.infer<typeof Quote>

export const quoteQueries = {
  all: () => ['quote'] as const,
  /** `apiPath` is the exact URL the action will request, e.g. apiUrl('/api/search', params). */
  forPath: (apiPath: string) =>
    queryOptions({
      queryKey: [...quoteQueries.all(), apiPath],
      queryFn: ({ signal }) => getJson('/api/quote', { path: apiPath }, Quote, { signal }),
      staleTime: 10_000,
      retry: false,
    }),
}
