import { useCallback, useEffect, useMemo, useState } from 'react'
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { addUsd } from '#contract/index.ts'
import { AfterFirstPaint } from '#components/after-first-paint.tsx'
import { ErrorPanel } from '#components/ui/error-panel.tsx'
import { PricedButton } from '#components/pricing/priced-button.tsx'
import { errorMessage } from '#lib/api-client.ts'
import { REPLIES_PRICE_USD, replyQueries } from '../api/queries.ts'
import { useLoadAll } from '../hooks/use-load-all.ts'
import { useReplyCoding } from '../hooks/use-reply-coding.ts'
import { repliesSearchString, type RepliesViewState } from '../lib/replies-url-state.ts'
import { matchingIds, replyStats, searchPattern } from '../lib/reply-search.ts'
import { ancestorsOf, buildReplyTree, filterTree, sortReplies } from '../lib/reply-tree.ts'
import { inferThreads } from '../lib/thread-inference.ts'
import { LoadControls } from './load-controls.tsx'
import { RepliesExportPanel } from './replies-export-panel.tsx'
import { RepliesToolbar } from './replies-toolbar.tsx'
import { ReplyCodingBar } from './reply-coding-bar.tsx'
import { ReplyCodingContext } from './reply-coding.tsx'
import { ReplyFlatList } from './reply-flat-list.tsx'
import { ReplyTreeList } from './reply-tree-list.tsx'

export type ReplyThreadProps = {
  parentCommentId: string
  state: RepliesViewState
  onStateChange: (patch: Partial<RepliesViewState>, opts?: { replace?: boolean }) => void
}

/** Replies per page when the service has not shown more (the demo gives 100, the service's maximum). */
const DEFAULT_PAGE_SIZE = 100

function Stats({
  total,
  shown,
  query,
}: {
  total: ReturnType<typeof replyStats>
  shown: ReturnType<typeof replyStats>
  query: string
}) {
  const n = (x: number) => x.toLocaleString()
  return (
    <p role="status" aria-live="polite" className="text-sm text-slate-700" data-testid="reply-stats">
      {query.trim()
        ? `${n(shown.replies)} of ${n(total.replies)} replies match “${query.trim()}” · ${n(shown.authors)} ${shown.authors === 1 ? 'author' : 'authors'} · ${n(shown.likes)} likes`
        : `${n(total.replies)} replies · ${n(total.authors)} ${total.authors === 1 ? 'author' : 'authors'} · ${n(total.likes)} likes`}
    </p>
  )
}

export function ReplyThread({ parentCommentId, state, onStateChange }: ReplyThreadProps) {
  const queryClient = useQueryClient()
  const query = useInfiniteQuery(replyQueries.thread(parentCommentId))
  const { data, fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError, error } = query
  const loadAll = useLoadAll(fetchNextPage, hasNextPage)
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set())
  const coding = useReplyCoding(state.collection)

  const pages = useMemo(() => data?.pages ?? [], [data])
  const replies = useMemo(() => pages.flatMap((p) => p.data), [pages])
  const links = useMemo(() => inferThreads(replies), [replies])
  const byId = useMemo(() => new Map(replies.map((r) => [r.id, r])), [replies])
  const pattern = useMemo(() => searchPattern(state.q), [state.q])
  const matches = useMemo(() => matchingIds(replies, pattern, state.format), [replies, pattern, state.format])
  const matched = useMemo(() => replies.filter((r) => matches.has(r.id)), [replies, matches])
  const tree = useMemo(() => {
    if (state.view !== 'tree') return []
    const full = buildReplyTree(replies, links, state.sort)
    return pattern ? filterTree(full, matches) : full
  }, [state.view, state.sort, replies, links, pattern, matches])
  // Exports hold the replies shown (filtered), in the chosen sort, whichever of tree or list is on screen.
  const exported = useMemo(() => sortReplies(matched, state.sort), [matched, state.sort])
  const flat = state.view === 'flat' ? exported : []

  const highlighted = state.reply && byId.has(state.reply) ? state.reply : undefined
  useEffect(() => {
    // A highlighted reply inside folded branches: unfold the branches above it.
    if (!highlighted) return
    const above = ancestorsOf(highlighted, links)
    setCollapsed((prev) =>
      above.some((id) => prev.has(id)) ? new Set([...prev].filter((id) => !above.includes(id))) : prev,
    )
  }, [highlighted, links])

  const permalinkOf = useCallback(
    (replyId: string) => repliesSearchString({ ...state, reply: replyId }),
    [state],
  )
  const toggle = useCallback((id: string) => {
    setCollapsed((prev) => {
      const next = new Set(prev)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  }, [])

  if (query.isPending) {
    return (
      <p role="status" className="text-slate-600">
        Loading the first page of replies…
      </p>
    )
  }
  if (query.isError && !data) {
    return (
      <ErrorPanel
        title="The replies could not be loaded"
        message={errorMessage(error)}
        error={error}
        onRetry={() => void query.refetch()}
        retryPriceUsd={REPLIES_PRICE_USD}
        retrying={query.isFetching}
      />
    )
  }

  const first = pages[0]
  const pageSize =
    first && first.nextPageToken && first.data.length > 0 ? first.data.length : DEFAULT_PAGE_SIZE
  const lastToken = pages.at(-1)?.nextPageToken || undefined
  const paidUsd = addUsd(...pages.map((p) => p.receipt.costUsd))
  const total = replyStats(replies)
  const shown = replyStats(matched)
  const lookingFor = state.reply && !highlighted ? state.reply : undefined

  return (
    <div className="space-y-4">
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
        onReload={() =>
          void queryClient.resetQueries({
            queryKey: replyQueries.thread(parentCommentId).queryKey,
            exact: true,
          })
        }
      />
      {lookingFor && (
        <div
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          {hasNextPage ? (
            <>
              <p>
                Reply <code>{lookingFor}</code> is not among the {replies.length} replies loaded so far.
              </p>
              {!loadAll.running && (
                <PricedButton
                  className="mt-2"
                  size="sm"
                  label="Load pages until it is found"
                  priceUsd={REPLIES_PRICE_USD}
                  estimate
                  onClick={() =>
                    void loadAll.start((d) => d.pages.some((p) => p.data.some((r) => r.id === lookingFor)))
                  }
                />
              )}
            </>
          ) : (
            <p>
              Reply <code>{lookingFor}</code> is not in this thread ({replies.length} replies, all loaded).
            </p>
          )}
        </div>
      )}
      {replies.length === 0 ? (
        <p className="text-slate-700">This comment has no replies.</p>
      ) : (
        <>
          <RepliesToolbar
            state={state}
            onChange={onStateChange}
            onCollapseAll={() =>
              setCollapsed(new Set([...links.values()].flatMap((l) => (l.replyToId ? [l.replyToId] : []))))
            }
            onExpandAll={() => setCollapsed(new Set())}
          />
          <Stats total={total} shown={shown} query={state.q} />
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
            fetchedAt={first?.receipt.fetchedAt ?? new Date().toISOString()}
            query={{ parentCommentId, format: 'html' }}
          />
          <ReplyCodingContext value={state.collection ? coding : undefined}>
            <section aria-labelledby="reply-list-heading" data-testid="reply-list">
              {/* Each reply's author is an h3: the list's h2 keeps the outline h1 → h2 → h3. */}
              <h2 id="reply-list-heading" className="sr-only">
                Reply list
              </h2>
              {/* The cards are most of the view's rendering: their first render does not block the main thread. */}
              <AfterFirstPaint
                version={`${replies.length}|${state.view}|${state.sort}|${state.format}|${state.q}`}
              >
                {matched.length === 0 ? (
                  <p className="text-slate-700">No loaded reply matches “{state.q.trim()}”.</p>
                ) : state.view === 'tree' ? (
                  <ReplyTreeList
                    nodes={tree}
                    format={state.format}
                    pattern={pattern}
                    highlightedId={highlighted}
                    permalinkOf={permalinkOf}
                    collapsed={collapsed}
                    onToggle={toggle}
                  />
                ) : (
                  <ReplyFlatList
                    replies={flat}
                    links={links}
                    byId={byId}
                    format={state.format}
                    pattern={pattern}
                    highlightedId={highlighted}
                    permalinkOf={permalinkOf}
                  />
                )}
              </AfterFirstPaint>
            </section>
          </ReplyCodingContext>
        </>
      )}
    </div>
  )
}
