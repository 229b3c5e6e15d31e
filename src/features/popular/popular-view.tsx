import { useDeferredValue, useMemo } from 'react'
import { AfterFirstPaint } from '#components/after-first-paint.tsx'
import { exportData, type ExportFormat } from '#lib/export/export-data.ts'
import { useFoundBy } from '#lib/collections/use-found-by.ts'
import { categoryCounts, filterAndSort } from './lib/popular-rows.ts'
import { hasActiveFilters, type PopularState } from './lib/popular-search.ts'
import { popularExport } from './lib/popular-export.ts'
import { popularStateKey, usePopularState } from './hooks/use-popular-state.ts'
import { usePopularFeed } from './hooks/use-popular-feed.ts'
import { useAutoLoad } from './hooks/use-auto-load.ts'
import { useExpandedSet } from './hooks/use-expanded-set.ts'
import { PopularFeedList } from './components/popular-feed-list.tsx'
import { PopularFiltersForm } from './components/popular-filters-form.tsx'
import { CategoryChart } from './components/category-chart.tsx'
import { NextPageBar } from './components/next-page-bar.tsx'
import { FeedFreshness } from './components/feed-freshness.tsx'
import { PopularIntro } from './components/popular-intro.tsx'
import { FirstPageStatus } from './components/first-page-status.tsx'
import { LinkProblems } from './components/link-problems.tsx'
import { LoadedSummary } from './components/loaded-summary.tsx'
import { PopularActions } from './components/popular-actions.tsx'

export type PopularViewProps = {
  state: PopularState
  problems: readonly string[]
  onStateChange: (next: PopularState) => void
}

export function PopularView({ state: stateFromUrl, problems, onStateChange: writeUrl }: PopularViewProps) {
  const [state, onStateChange] = usePopularState(stateFromUrl, writeUrl)
  const feedParams = { regionCode: state.region, hl: state.hl }
  const { feed, pages, rows, receipts, paid, fromCache, nextToken, reset } = usePopularFeed(feedParams)
  const { autoUsed, autoPaused, onNearEnd, resetAuto } = useAutoLoad(feed, state.auto)
  const { expanded, onToggle, collapseAll } = useExpandedSet()
  const deferredState = useDeferredValue(state)
  const shown = useMemo(() => filterAndSort(rows, deferredState), [rows, deferredState])
  const foundBy = useFoundBy('popular', 'Popular videos')
  const counts = useMemo(() => categoryCounts(rows), [rows])

  function onRestart() {
    collapseAll()
    resetAuto()
    reset()
  }

  // Exactly the rows shown, in the shown order; the provenance says the filters, the sort and how many of the loaded.
  function onExport(format: ExportFormat) {
    return exportData(
      format,
      popularExport({
        receipts,
        pageTokens: (feed.data?.pageParams ?? []) as (string | undefined)[],
        loaded: rows,
        shown,
        state,
        viewUrl: window.location.href,
      }),
    )
  }

  return (
    <div className="space-y-5">
      <PopularIntro />

      <LinkProblems problems={problems} />

      {feed.isPending || (feed.isError && pages.length === 0) ? (
        <FirstPageStatus
          error={feed.isError ? feed.error : undefined}
          retrying={feed.isFetching}
          onRetry={() => void feed.refetch()}
        />
      ) : (
        <>
          <LoadedSummary
            videos={rows.length}
            pages={pages}
            paidUsd={paid}
            fromCache={fromCache}
            auto={state.auto}
            onAutoChange={(auto) => {
              resetAuto()
              onStateChange({ ...state, auto })
            }}
          />

          <FeedFreshness
            firstFetchedAt={receipts[0]?.fetchedAt}
            restarting={feed.isFetching && !feed.isFetchingNextPage}
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

          <PopularActions
            shown={shown}
            loaded={rows.length}
            filtered={hasActiveFilters(state)}
            foundBy={foundBy}
            onExport={onExport}
          />

          {shown.length === 0 && rows.length > 0 && (
            <p role="status" className="rounded border border-slate-200 bg-white p-3 text-slate-700">
              No loaded video matches the filters. Change them, or load more pages.
            </p>
          )}

          {/* The list's first render (and its measuring) does not block the main thread; its box is held meanwhile. */}
          <AfterFirstPaint
            version={`${rows.length}|${popularStateKey(deferredState)}`}
            fallback={<div className="h-[75vh] rounded-lg border border-slate-200 bg-slate-50" />}
          >
            <PopularFeedList
              rows={shown}
              expanded={expanded}
              onToggle={onToggle}
              onNearEnd={onNearEnd}
              busy={feed.isFetchingNextPage}
              footer={
                <NextPageBar
                  nextToken={nextToken}
                  loadedPages={pages.length}
                  loadedCount={rows.length}
                  fetching={feed.isFetchingNextPage || feed.isPlaceholderData}
                  error={feed.isFetchNextPageError ? feed.error : undefined}
                  onLoadMore={() => void feed.fetchNextPage()}
                  autoPausedAfter={autoPaused ? autoUsed : undefined}
                  onResumeAuto={resetAuto}
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
