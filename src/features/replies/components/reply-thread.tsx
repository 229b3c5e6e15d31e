import { useCallback } from 'react'
import { ErrorPanel } from '#components/ui/error-panel.tsx'
import { errorMessage } from '#lib/api-client.ts'
import { REPLIES_PRICE_USD } from '../api/queries.ts'
import { useCollapsedReplies } from '../hooks/use-collapsed-replies.ts'
import { useReplyCoding } from '../hooks/use-reply-coding.ts'
import { useReplyPages } from '../hooks/use-reply-pages.ts'
import { useShownReplies } from '../hooks/use-shown-replies.ts'
import { repliesSearchString, type RepliesViewState } from '../lib/replies-url-state.ts'
import { replyStats } from '../lib/reply-search.ts'
import { MissingReplyNotice } from './missing-reply-notice.tsx'
import { RepliesExportPanel } from './replies-export-panel.tsx'
import { RepliesToolbar } from './replies-toolbar.tsx'
import { ReplyCodingBar } from './reply-coding-bar.tsx'
import { ReplyCodingContext } from './reply-coding.tsx'
import { ReplyCounts } from './reply-counts.tsx'
import { ReplyListSection } from './reply-list-section.tsx'
import { ReplyLoadControls } from './reply-load-controls.tsx'

export type ReplyThreadProps = {
  parentCommentId: string
  state: RepliesViewState
  onStateChange: (patch: Partial<RepliesViewState>, opts?: { replace?: boolean }) => void
}

export function ReplyThread({ parentCommentId, state, onStateChange }: ReplyThreadProps) {
  const thread = useReplyPages(parentCommentId)
  const { query, loadAll, pages, replies } = thread
  const coding = useReplyCoding(state.collection, state.video)
  const { links, byId, pattern, matched, tree, exported, flat } = useShownReplies(replies, state)
  const highlighted = state.reply && byId.has(state.reply) ? state.reply : undefined
  const { collapsed, toggle, collapseAll, expandAll } = useCollapsedReplies(links, highlighted)
  const permalinkOf = useCallback(
    (replyId: string) => repliesSearchString({ ...state, reply: replyId }),
    [state],
  )

  if (query.isPending) {
    return (
      <p role="status" className="text-slate-600">
        Loading the first page of replies…
      </p>
    )
  }
  if (query.isError && !query.data) {
    return (
      <ErrorPanel
        title="The replies could not be loaded"
        message={errorMessage(query.error)}
        error={query.error}
        onRetry={() => void query.refetch()}
        retryPriceUsd={REPLIES_PRICE_USD}
        retrying={query.isFetching}
      />
    )
  }

  const lookingFor = state.reply && !highlighted ? state.reply : undefined

  return (
    <div className="space-y-4">
      <ReplyLoadControls parentCommentId={parentCommentId} thread={thread} />
      {lookingFor && (
        <MissingReplyNotice
          replyId={lookingFor}
          loaded={replies.length}
          hasNextPage={query.hasNextPage}
          loadingAll={loadAll.running}
          onLoadUntilFound={() =>
            void loadAll.start((d) => d.pages.some((p) => p.data.some((r) => r.id === lookingFor)))
          }
        />
      )}
      {replies.length === 0 ? (
        <p className="text-slate-700">This comment has no replies.</p>
      ) : (
        <>
          <RepliesToolbar
            state={state}
            onChange={onStateChange}
            onCollapseAll={collapseAll}
            onExpandAll={expandAll}
          />
          <ReplyCounts total={replyStats(replies)} shown={replyStats(matched)} query={state.q} />
          <ReplyCodingBar
            collectionId={state.collection}
            codesError={coding.codesError}
            onChoose={(collection) => onStateChange({ collection }, { replace: true })}
          />
          <RepliesExportPanel
            parentCommentId={parentCommentId}
            shown={exported}
            loaded={replies.length}
            links={links}
            view={state}
            pagesFetched={pages.length}
            pricePerPageUsd={REPLIES_PRICE_USD}
            fetchedAt={pages[0]?.receipt.fetchedAt ?? new Date().toISOString()}
            query={{ parentCommentId, format: 'html' }}
          />
          <ReplyCodingContext value={state.collection ? coding : undefined}>
            <ReplyListSection
              state={state}
              loaded={replies.length}
              matched={matched.length}
              tree={tree}
              flat={flat}
              links={links}
              byId={byId}
              pattern={pattern}
              highlightedId={highlighted}
              permalinkOf={permalinkOf}
              collapsed={collapsed}
              onToggle={toggle}
            />
          </ReplyCodingContext>
        </>
      )}
    </div>
  )
}
