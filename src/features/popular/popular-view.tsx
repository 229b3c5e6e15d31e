import { useCallback, useDeferredValue, useId, useMemo, useState } from 'react'
import { Link } from 'react-router'
import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { addUsd, formatUsd, priceOf } from '#contract/index.ts'
import { AfterFirstPaint } from '#components/after-first-paint.tsx'
import { ErrorPanel } from '#components/ui/error-panel.tsx'
import { ExportMenu } from '#components/export-menu.tsx'
import { errorMessage } from '#lib/api-client.ts'
import { exportData, type ExportFormat } from '#lib/export/export-data.ts'
import { popularQueries } from './api/queries.ts'
import { categoryCounts, filterAndSort, toRows } from './lib/popular-rows.ts'
import { hasActiveFilters, popularSearchParams, type PopularState } from './lib/popular-search.ts'
import { useUrlDraft } from './hooks/use-url-draft.ts'
import { popularExport } from './lib/popular-export.ts'
import { PopularFeedList } from './components/popular-feed-list.tsx'
import { PopularFiltersForm } from './components/popular-filters-form.tsx'
import { CategoryChart } from './components/category-chart.tsx'
import { NextPageBar } from './components/next-page-bar.tsx'
import { FeedFreshness } from './components/feed-freshness.tsx'
import { bulkPath } from '#lib/urls/bulk.ts'
import { AddToCollectionButton } from '#lib/collections/add-to-collection-button.tsx'
import { useFoundBy } from '#lib/collections/use-found-by.ts'
import { videoMetaOf } from '#lib/collections/video-meta.ts'

/** Pages loaded automatically per switch-on before auto-load pauses and asks again (docs/decisions/0050). */
export const AUTO_LOAD_PAGE_CAP = 20

export type PopularViewProps = {
  state: PopularState
  problems: readonly string[]
  onStateChange: (next: PopularState) => void
}

const stateKey = (s: PopularState): string => popularSearchParams(s).toString()

export function PopularView({ state: stateFromUrl, problems, onStateChange: writeUrl }: PopularViewProps) {
  const [state, setState] = useUrlDraft(stateFromUrl, stateKey)
  const onStateChange = useCallback(
    (next: PopularState) => {
      setState(next)
      writeUrl(next)
    },
    [setState, writeUrl],
  )
  const queryClient = useQueryClient()
  const feedParams = { regionCode: state.region, hl: state.hl }
  // Another region keeps the loaded list (and the focused select) on screen until its first page arrives.
  const feed = useInfiniteQuery({ ...popularQueries.feed(feedParams), placeholderData: keepPreviousData })
  const { data, fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError } = feed
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set())
  const [autoUsed, setAutoUsed] = useState(0)
  const autoId = useId()

  const pages = useMemo(() => data?.pages ?? [], [data])
  const rows = useMemo(() => toRows(pages), [pages])
  const deferredState = useDeferredValue(state)
  const shown = useMemo(() => filterAndSort(rows, deferredState), [rows, deferredState])
  const foundBy = useFoundBy('popular', 'Popular videos')
  const counts = useMemo(() => categoryCounts(rows), [rows])
  const receipts = pages.map((p) => p.receipt)
  const paid = addUsd(...receipts.map((r) => r.costUsd))
  const fromCache = receipts.filter((r) => r.cache === 'HIT').length
  const nextToken = hasNextPage ? pages[pages.length - 1]?.nextPageToken : undefined
  // Said once the cap's last page has arrived, not while it is still on its way.
  const autoPaused = state.auto && autoUsed >= AUTO_LOAD_PAGE_CAP && !isFetchingNextPage

  const onToggle = useCallback((id: string) => {
    setExpanded((prev) => {
      const next = new Set(prev)
      if (!next.delete(id)) next.add(id)
      return next
    })
  }, [])

  const onNearEnd = useCallback(() => {
    if (
      !state.auto ||
      feed.isPlaceholderData ||
      !hasNextPage ||
      isFetchingNextPage ||
      isFetchNextPageError ||
      autoUsed >= AUTO_LOAD_PAGE_CAP
    )
      return
    setAutoUsed((n) => n + 1)
    void fetchNextPage()
  }, [
    state.auto,
    feed.isPlaceholderData,
    hasNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
    autoUsed,
    fetchNextPage,
  ])

  function onRestart() {
    setExpanded(new Set())
    setAutoUsed(0)
    // Reset, not refetch: a refetch would fetch (and pay for) every loaded page again.
    void queryClient.resetQueries({ queryKey: popularQueries.feed(feedParams).queryKey, exact: true })
  }

  // Exactly the rows shown, in the shown order; the provenance says the filters, the sort and how many of the loaded.
  function onExport(format: ExportFormat) {
    return exportData(
      format,
      popularExport({
        receipts,
        pageTokens: (data?.pageParams ?? []) as (string | undefined)[],
        loaded: rows,
        shown,
        state,
        viewUrl: window.location.href,
      }),
    )
  }

  const filtered = hasActiveFilters(state)
  const bulkIds = shown.map((r) => r.video.id)

  return (
    <div className="space-y-5">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Popular videos</h1>
        <p className="max-w-3xl text-slate-700">
          The platform's most popular videos, most popular first. Each page costs{' '}
          {formatUsd(priceOf('GET /popularVideos'))} (free when the dashboard has it cached). Opening this
          view loads the first page; further pages load when you ask, or as you scroll if you switch auto-load
          on.
        </p>
      </header>

      {problems.length > 0 && (
        <div role="status" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-medium">Some of the link's settings were not used:</p>
          <ul className="ml-5 list-disc">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}

      {feed.isPending ? (
        <p role="status" className="text-slate-700">
          Loading the first page of popular videos…
        </p>
      ) : feed.isError && pages.length === 0 ? (
        <ErrorPanel
          title="The popular list could not be loaded"
          message={errorMessage(feed.error)}
          error={feed.error}
          onRetry={() => void feed.refetch()}
          retryPriceUsd={priceOf('GET /popularVideos')}
          retrying={feed.isFetching}
        />
      ) : (
        <>
          <section
            aria-label="What is loaded"
            className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm text-slate-700"
          >
            <p data-testid="loaded-summary">
              {rows.length} videos loaded in {pages.length} {pages.length === 1 ? 'page' : 'pages'}
              {pages[0] ? ` (the service counts ${pages[0].totalResults})` : ''} · paid {formatUsd(paid)}
              {fromCache > 0 ? ` · ${fromCache} from cache, free` : ''}
              {pages[0]?.regionCode ? ` · the chart of region ${pages[0].regionCode}` : ''}
            </p>
            <div className="flex items-center gap-2">
              <input
                id={autoId}
                type="checkbox"
                checked={state.auto}
                onChange={(e) => {
                  setAutoUsed(0)
                  onStateChange({ ...state, auto: e.target.checked })
                }}
                className="h-4 w-4"
              />
              <label htmlFor={autoId}>
                Auto-load next pages as I scroll ({formatUsd(priceOf('GET /popularVideos'))} each, pauses
                after {AUTO_LOAD_PAGE_CAP})
              </label>
            </div>
          </section>

          <FeedFreshness
            firstFetchedAt={receipts[0]?.fetchedAt}
            restarting={feed.isFetching && !isFetchingNextPage}
            onRestart={onRestart}
            feed={feedParams}
          />

          <div className="grid gap-5 lg:grid-cols-[1fr_minmax(0,26rem)]">
            <PopularFiltersForm
              state={state}
              categories={counts}
              onChange={onStateChange}
              shown={shown.length}
              loaded={rows.length}
            />
            <CategoryChart counts={counts} total={rows.length} selected={state.category} />
          </div>

          <div className="flex flex-wrap items-center justify-between gap-3">
            <ExportMenu
              onExport={onExport}
              disabled={shown.length === 0}
              count={shown.length}
              loaded={rows.length}
              noun="videos"
            />
            {shown.length > 0 && (
              <AddToCollectionButton
                videos={shown.map((r) => videoMetaOf({ ...r.video, videoId: r.video.id }))}
                foundBy={foundBy}
                label={`Add all ${shown.length} shown to a collection`}
              />
            )}
            {bulkIds.length > 0 ? (
              <Link to={bulkPath({ ids: bulkIds })} className="text-sm font-medium text-sky-800 underline">
                Download captions… ({bulkIds.length} {filtered ? 'filtered' : 'loaded'} videos)
              </Link>
            ) : null}
          </div>

          {shown.length === 0 && rows.length > 0 && (
            <p role="status" className="rounded border border-slate-200 bg-white p-3 text-slate-700">
              No loaded video matches the filters. Change them, or load more pages.
            </p>
          )}

          {/* The list's first render (and its measuring) does not block the main thread; its box is held meanwhile. */}
          <AfterFirstPaint
            version={`${rows.length}|${stateKey(deferredState)}`}
            fallback={<div className="h-[75vh] rounded-lg border border-slate-200 bg-slate-50" />}
          >
            <PopularFeedList
              rows={shown}
              expanded={expanded}
              onToggle={onToggle}
              onNearEnd={onNearEnd}
              busy={isFetchingNextPage}
              footer={
                <NextPageBar
                  nextToken={nextToken}
                  loadedPages={pages.length}
                  loadedCount={rows.length}
                  fetching={isFetchingNextPage || feed.isPlaceholderData}
                  error={isFetchNextPageError ? feed.error : undefined}
                  onLoadMore={() => void fetchNextPage()}
                  autoPausedAfter={autoPaused ? autoUsed : undefined}
                  onResumeAuto={() => setAutoUsed(0)}
                  feed={feedParams}
                />
              }
            />
          </AfterFirstPaint>
        </>
      )}
    </div>
  )
}
