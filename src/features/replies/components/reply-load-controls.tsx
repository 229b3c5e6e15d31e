import { REPLIES_PRICE_USD, replyQueries } from '../api/queries.ts'
import type { ReplyPages } from '../hooks/use-reply-pages.ts'
import { LoadControls } from './load-controls.tsx'

export type ReplyLoadControlsProps = { parentCommentId: string; thread: ReplyPages }

/** The thread's paging: the next page, all of them, stop and resume, start again, with their prices. */
export function ReplyLoadControls({ parentCommentId, thread }: ReplyLoadControlsProps) {
  const { query, loadAll, pages, replies, pageSize, lastToken, paidUsd, reload } = thread
  const { fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError, error } = query
  return (
    <LoadControls
      pagesLoaded={pages.length}
      repliesLoaded={replies.length}
      pageSize={pageSize}
      pricePerPageUsd={REPLIES_PRICE_USD}
      paidUsd={paidUsd}
      hasNextPage={hasNextPage}
      nextPageUrl={lastToken ? replyQueries.pageUrl(parentCommentId, lastToken) : undefined}
      fetchingNextPage={isFetchingNextPage}
      pageError={isFetchNextPageError ? error : undefined}
      running={loadAll.running}
      stopping={loadAll.stopping}
      started={loadAll.started}
      onLoadNext={() => void fetchNextPage({ cancelRefetch: false })}
      onLoadAll={() => void loadAll.start()}
      onStop={loadAll.stop}
      onResume={() => void (loadAll.started ? loadAll.resume() : fetchNextPage({ cancelRefetch: false }))}
      firstPageUrl={replyQueries.pageUrl(parentCommentId)}
      onReload={reload}
    />
  )
}
