import { useMemo } from 'react'
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { addUsd } from '#contract/index.ts'
import { replyQueries } from '../api/queries.ts'
import { useLoadAll } from './use-load-all.ts'

/** Replies per page when the service has not shown more (the demo gives 100, the service's maximum). */
const DEFAULT_PAGE_SIZE = 100

/** One comment's replies, page by page: what is loaded, what it cost, and the ways to load more or start again. */
export function useReplyPages(parentCommentId: string) {
  const queryClient = useQueryClient()
  const query = useInfiniteQuery(replyQueries.thread(parentCommentId))
  const loadAll = useLoadAll(query.fetchNextPage, query.hasNextPage)
  const pages = useMemo(() => query.data?.pages ?? [], [query.data])
  const replies = useMemo(() => pages.flatMap((p) => p.data), [pages])

  const first = pages[0]
  const pageSize =
    first && first.nextPageToken && first.data.length > 0 ? first.data.length : DEFAULT_PAGE_SIZE
  const lastToken = pages.at(-1)?.nextPageToken || undefined
  const paidUsd = addUsd(...pages.map((p) => p.receipt.costUsd))

  function reload() {
    void queryClient.resetQueries({ queryKey: replyQueries.thread(parentCommentId).queryKey, exact: true })
  }

  return { query, loadAll, pages, replies, pageSize, lastToken, paidUsd, reload }
}

export type ReplyPages = ReturnType<typeof useReplyPages>
