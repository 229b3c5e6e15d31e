import { useMemo } from 'react'
import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { addUsd } from '#contract/index.ts'
import { popularQueries, type PopularFeed } from '../api/queries.ts'
import { toRows } from '../lib/popular-rows.ts'

/** The popular feed of one region and language: its loaded pages, their rows and what they cost. */
export function usePopularFeed(feedParams: PopularFeed) {
  const queryClient = useQueryClient()
  // Another region keeps the loaded list (and the focused select) on screen until its first page arrives.
  const feed = useInfiniteQuery({ ...popularQueries.feed(feedParams), placeholderData: keepPreviousData })
  const pages = useMemo(() => feed.data?.pages ?? [], [feed.data])
  const rows = useMemo(() => toRows(pages), [pages])
  const receipts = pages.map((p) => p.receipt)
  const paid = addUsd(...receipts.map((r) => r.costUsd))
  const fromCache = receipts.filter((r) => r.cache === 'HIT').length
  const nextToken = feed.hasNextPage ? pages[pages.length - 1]?.nextPageToken : undefined

  function reset() {
    // Reset, not refetch: a refetch would fetch (and pay for) every loaded page again.
    void queryClient.resetQueries({ queryKey: popularQueries.feed(feedParams).queryKey, exact: true })
  }

  return { feed, pages, rows, receipts, paid, fromCache, nextToken, reset }
}
