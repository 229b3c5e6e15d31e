import { useId } from 'react'
import { useQuery } from '@tanstack/react-query'
import { formatUsd } from '#contract/index.ts'
import { Button } from '#components/ui/button.tsx'
import { ErrorPanel } from '#components/ui/error-panel.tsx'
import { PricedButton } from '#components/pricing/priced-button.tsx'
import { errorMessage } from '#lib/api-client.ts'
import { quoteQueries } from '#lib/pricing/quote-queries.ts'
import { estimateLoadAll, loadProgress } from '../lib/load-all-estimate.ts'

export type LoadControlsProps = {
  pagesLoaded: number
  repliesLoaded: number
  pageSize: number
  pricePerPageUsd: number
  /** What the loaded pages actually cost (0 for pages the function had cached). */
  paidUsd: number
  hasNextPage: boolean
  /** The exact /api URL of the next page, to ask whether it is cached. */
  nextPageUrl: string | undefined
  fetchingNextPage: boolean
  /** The error of the page that failed, if the last page request failed. */
  pageError: unknown
  running: boolean
  stopping: boolean
  started: boolean
  onLoadNext: () => void
  onLoadAll: () => void
  onStop: () => void
  onResume: () => void
  /** The exact /api URL of the first page, for the reload button's quote. */
  firstPageUrl: string
  /** Drops the loaded pages and fetches the first page again (newer replies appear). */
  onReload: () => void
}

/** Load more, load all (priced before it starts), progress while it runs, stop, and resume after a failure. */
export function LoadControls(p: LoadControlsProps) {
  const estimateId = useId()
  const quote = useQuery({
    ...quoteQueries.forPath(p.nextPageUrl ?? ''),
    enabled: !!p.nextPageUrl && !p.running && !p.fetchingNextPage,
  })
  const reloadQuote = useQuery({
    ...quoteQueries.forPath(p.firstPageUrl),
    enabled: !p.running && !p.fetchingNextPage,
  })
  const estimate = estimateLoadAll({
    pagesLoaded: p.pagesLoaded,
    repliesLoaded: p.repliesLoaded,
    hasNextPage: p.hasNextPage,
    pricePerPageUsd: p.pricePerPageUsd,
    pageSize: p.pageSize,
  })
  const progress = loadProgress({
    repliesLoaded: p.repliesLoaded,
    hasNextPage: p.hasNextPage,
    pageSize: p.pageSize,
  })
  const busy = p.running || p.fetchingNextPage
  const failedPage = p.pageError && p.hasNextPage ? p.pagesLoaded + 1 : undefined
  return (
    <section
      aria-label="Loading replies"
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p role="status" aria-live="polite" className="text-sm text-slate-700">
          {p.hasNextPage
            ? `${p.repliesLoaded} replies loaded (${p.pagesLoaded} ${p.pagesLoaded === 1 ? 'page' : 'pages'}); more on the next page.`
            : `All ${p.repliesLoaded} replies loaded (${p.pagesLoaded} ${p.pagesLoaded === 1 ? 'page' : 'pages'}).`}{' '}
          <span className="text-slate-600">Paid for this thread: {formatUsd(p.paidUsd)}.</span>
        </p>
        {!busy && (
          <PricedButton
            size="sm"
            variant="ghost"
            label="Reload from the first page"
            priceUsd={p.pricePerPageUsd}
            cached={reloadQuote.data?.cached}
            onClick={p.onReload}
            title="Forget the loaded pages and fetch the first page again, to see newer replies"
          />
        )}
      </div>
      {(p.started || p.running) && (
        <div className="flex items-center gap-3">
          <div
            role="progressbar"
            aria-label="Loading all replies"
            aria-valuemin={0}
            aria-valuemax={progress.max}
            aria-valuenow={progress.value}
            aria-valuetext={progress.text}
            className="h-2 flex-1 overflow-hidden rounded bg-slate-200"
          >
            <div
              className="h-full bg-sky-600 transition-[width]"
              style={{ width: `${(100 * progress.value) / progress.max}%` }}
            />
          </div>
          <span className="text-sm tabular-nums text-slate-700">{p.repliesLoaded} loaded</span>
          {p.running && (
            <Button size="sm" variant="danger" onClick={p.onStop} disabled={p.stopping}>
              {p.stopping ? 'Stopping after this page…' : 'Stop'}
            </Button>
          )}
        </div>
      )}
      {failedPage !== undefined && !busy ? (
        <ErrorPanel
          title={`Page ${failedPage} could not be loaded`}
          message={`${errorMessage(p.pageError)} The ${p.repliesLoaded} replies loaded so far are kept.`}
        >
          <PricedButton
            className="mt-3"
            size="sm"
            variant="primary"
            label={p.started ? 'Resume loading all' : 'Retry this page'}
            priceUsd={p.pricePerPageUsd}
            estimate={p.started}
            onClick={p.onResume}
          />
        </ErrorPanel>
      ) : (
        p.hasNextPage &&
        !p.running && (
          <div className="flex flex-wrap items-center gap-2">
            <PricedButton
              size="sm"
              label={p.fetchingNextPage ? 'Loading…' : 'Load next page'}
              priceUsd={p.pricePerPageUsd}
              cached={quote.data?.cached}
              disabled={busy}
              onClick={p.onLoadNext}
            />
            {/* Not a PricedButton: the total is unknown, so the honest price is per page. */}
            <Button
              size="sm"
              variant="primary"
              disabled={busy}
              onClick={p.onLoadAll}
              aria-describedby={estimateId}
            >
              <span>Load all</span>
              <span aria-hidden="true" className="opacity-70">
                ·
              </span>
              <span className="tabular-nums" data-testid="price">
                ~{formatUsd(estimate.nextPageUsd)} per page of {p.pageSize}
              </span>
            </Button>
            <span id={estimateId} className="text-xs text-slate-600">
              {estimate.summary}
            </span>
          </div>
        )
      )}
    </section>
  )
}
