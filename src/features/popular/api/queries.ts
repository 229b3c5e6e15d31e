import { infiniteQueryOptions } from '@tanstack/react-query'
import { PopularPage } from '#contract/index.ts'
import { apiUrl } from '#lib/api-client.ts'
import { getJsonWithReceipt } from '#lib/get-json-with-receipt.ts'

export const POPULAR_PATH = '/api/popularVideos'

/** The exact /api URL of a page, for its quote and its receipt. */
export const popularPageUrl = (pageToken?: string): string => apiUrl(POPULAR_PATH, { pageToken })

export const popularQueries = {
  all: () => ['popular'] as const,
  feed: () =>
    infiniteQueryOptions({
      queryKey: [...popularQueries.all(), 'feed'],
      queryFn: ({ pageParam, signal }) =>
        getJsonWithReceipt(POPULAR_PATH, { pageToken: pageParam }, PopularPage, { signal }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (p) => p.nextPageToken || undefined,
      // Refetching an infinite query refetches every loaded page, each one paid: never do it by itself.
      staleTime: Infinity,
    }),
}
