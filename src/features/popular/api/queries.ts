import { infiniteQueryOptions } from '@tanstack/react-query'
import { PopularPage } from '#contract/index.ts'
import type { HlCode } from '#contract/enums.ts'
import type { RegionCode } from '#contract/regions.ts'
import type { PopularRequest } from '#contract/requests.ts'
import { apiUrl } from '#lib/api-client.ts'
import { paidJsonWithReceipt } from '#lib/paid-fetch.ts'

const POPULAR_PATH = '/api/popularVideos'

/** Which feed: the service's parameters, each left out unless chosen. */
export type PopularFeed = { regionCode?: RegionCode; hl?: HlCode }

/** The exact /api URL of a page, for its quote and its receipt. */
export const popularPageUrl = (pageToken?: string, feed: PopularFeed = {}): string =>
  apiUrl(POPULAR_PATH, { pageToken, regionCode: feed.regionCode, hl: feed.hl } satisfies PopularRequest)

export const popularQueries = {
  all: () => ['popular'] as const,
  feed: ({ regionCode, hl }: PopularFeed = {}) =>
    infiniteQueryOptions({
      queryKey: [...popularQueries.all(), 'feed', { regionCode, hl }],
      queryFn: ({ pageParam, signal }) =>
        paidJsonWithReceipt(popularPageUrl(pageParam, { regionCode, hl }), PopularPage, { signal }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (p) => p.nextPageToken || undefined,
      // Refetching an infinite query refetches every loaded page, each one paid: never do it by itself.
      staleTime: Infinity,
    }),
}
