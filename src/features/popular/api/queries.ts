import { infiniteQueryOptions } from '@tanstack/react-query'
import { PopularPage } from '#contract/index.ts'
import type { PopularRequest } from '#contract/requests.ts'
import { apiUrl } from '#lib/api-client.ts'
import { paidJsonWithReceipt } from '#lib/paid-fetch.ts'

export const POPULAR_PATH = '/api/popularVideos'

/** The exact /api URL of a page, for its quote and its receipt. */
export const popularPageUrl = (pageToken?: string): string =>
  apiUrl(POPULAR_PATH, { pageToken } satisfies PopularRequest)

export const popularQueries = {
  all: () => ['popular'] as const,
  feed: () =>
    infiniteQueryOptions({
      queryKey: [...popularQueries.all(), 'feed'],
      queryFn: ({ pageParam, signal }) =>
        paidJsonWithReceipt(popularPageUrl(pageParam), PopularPage, { signal }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (p) => p.nextPageToken || undefined,
      // Refetching an infinite query refetches every loaded page, each one paid: never do it by itself.
      staleTime: Infinity,
    }),
}
