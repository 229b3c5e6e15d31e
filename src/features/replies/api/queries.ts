import { infiniteQueryOptions } from '@tanstack/react-query'
import { CommentRepliesPage, priceOf } from '#contract/index.ts'
import type { RepliesRequest } from '#contract/requests.ts'
import { apiUrl } from '#lib/api-client.ts'
import { paidJsonWithReceipt } from '#lib/paid-fetch.ts'

export const REPLIES_PRICE_USD = priceOf('GET /commentReplies')

/** Always html: it carries both textDisplay and textOriginal, so html ⇄ plainText is free (docs/decisions/0061-replies-paging-and-format.md). */
const FORMAT = 'html'

function pageParams(parentCommentId: string, pageToken: string | undefined) {
  return { parentCommentId, pageToken, format: FORMAT } satisfies RepliesRequest
}

export const replyQueries = {
  all: () => ['replies'] as const,
  /** Exact /api URL of one page, for quotes and provenance. */
  pageUrl: (parentCommentId: string, pageToken?: string) =>
    apiUrl('/api/commentReplies', pageParams(parentCommentId, pageToken)),
  thread: (parentCommentId: string) =>
    infiniteQueryOptions({
      queryKey: [...replyQueries.all(), 'thread', parentCommentId, { format: FORMAT }],
      queryFn: ({ pageParam, signal }) =>
        paidJsonWithReceipt(replyQueries.pageUrl(parentCommentId, pageParam), CommentRepliesPage, { signal }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextPageToken || undefined,
      // Every page is paid: no refetch on its own (a refetch of an infinite query fetches all its pages again),
      // no silent retry (the view offers Resume), no retry on mount of a failed page.
      staleTime: Infinity,
      retry: false,
      retryOnMount: false,
    }),
}
