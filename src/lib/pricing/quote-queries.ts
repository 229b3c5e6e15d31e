/** What an /api request would cost now: list price, or free when the function has it cached. */
import { queryOptions } from '@tanstack/react-query'
import { getJson } from '../api-client.ts'

export const quoteQueries = {
  all: () => ['quote'] as const,
  /** `apiPath` is the exact URL the action will request, e.g. apiUrl('/api/search', params). */
  forPath: (apiPath: string) =>
    queryOptions({
      queryKey: [...quoteQueries.all(), apiPath],
      queryFn: ({ signal }) =>
        getJson('/api/quote', { path: apiPath }, () => import('./quote-schema.ts').then((m) => m.Quote), {
          signal,
        }),
      staleTime: 10_000,
      retry: false,
    }),
  /** The same quote (same key, same answer), asked together with the others a list asks for at once (quote-batch.ts). */
  inBatch: (apiPath: string) =>
    queryOptions({
      queryKey: [...quoteQueries.all(), apiPath],
      queryFn: () => import('./quote-batch.ts').then((m) => m.quoteInBatch(apiPath)),
      staleTime: 10_000,
      retry: false,
    }),
}
