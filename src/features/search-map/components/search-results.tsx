import { memo, useMemo, useState } from 'react'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { addUsd, formatUsd, priceOf } from '#contract/index.ts'
import { ExportMenu } from '#components/export-menu.tsx'
import { ErrorPanel } from '#components/ui/error-panel.tsx'
import { PricedButton } from '#components/pricing/priced-button.tsx'
import { ApiError, errorMessage } from '#lib/api-client.ts'
import { exportData, type ExportFormat } from '#lib/export/export-data.ts'
import { formatCount, formatDate, formatRelative } from '#lib/format.ts'
import { quoteQueries } from '#lib/pricing/quote-queries.ts'
import { useQuotedPrice } from '#lib/pricing/use-quoted-price.ts'
import { searchApiPath, searchQueries, searchRequest } from '../api/queries.ts'
import { filterItems, sortItems, uniqueItems } from '../lib/filter-results.ts'
import { searchExport } from '../lib/search-export.ts'
import { searchPath, type SearchInput, type SortKey } from '../lib/search-url.ts'
import { ResultCard } from './result-card.tsx'
import { ResultsToolbar } from './results-toolbar.tsx'
import { bulkPath } from '#lib/urls/bulk.ts'
import { AddToCollectionButton } from '#lib/collections/add-to-collection-button.tsx'
import { useFoundBy } from '#lib/collections/use-found-by.ts'
import { videoMetaOf } from '#lib/collections/video-meta.ts'

const PAGE_PRICE = priceOf('GET /search')

export type SearchResultsProps = {
  input: SearchInput
  /** The researcher pressed Search for exactly this search: it may be paid for. */
  armed: boolean
  q: string
  sort: SortKey
  onViewChange: (change: { q?: string; sort?: SortKey }) => void
}

export function describeSearch(input: SearchInput): string {
  return `${input.radius} ${input.unit} of ${input.lat}, ${input.lng}`
}

/** The results of the URL's search: run when Search was pressed, or free when the function has it cached. */
export const SearchResults = memo(function SearchResults({
  input,
  armed,
  q,
  sort,
  onViewChange,
}: SearchResultsProps) {
  const { lat, lng, radius, unit } = input
  const request = useMemo(() => searchRequest({ lat, lng, radius, unit }), [lat, lng, radius, unit])
  const [now] = useState(() => Date.now())
  const quote = useQuery(quoteQueries.forPath(searchApiPath(request)))
  const results = useInfiniteQuery({
    ...searchQueries.pages(request),
    enabled: armed || quote.data?.cached === true,
  })
  const pages = results.data?.pages
  const items = useMemo(() => (pages ? uniqueItems(pages) : []), [pages])
  const visible = useMemo(() => sortItems(filterItems(items, q), sort), [items, q, sort])
  const foundBy = useFoundBy('search', `Location search: ${describeSearch(input)}`)
  const nextToken = pages?.at(-1)?.nextPageToken || undefined
  const nextPrice = useQuotedPrice(nextToken ? searchApiPath(request, nextToken) : undefined, PAGE_PRICE)

  if (!pages) {
    if (results.isError) {
      const refused = results.error instanceof ApiError && results.error.status === 400
      return (
        <ErrorPanel
          title="The search failed"
          message={errorMessage(results.error)}
          error={results.error}
          {...(refused
            ? {}
            : {
                onRetry: () => void results.refetch(),
                retryPriceUsd: PAGE_PRICE,
                retrying: results.isFetching,
              })}
        />
      )
    }
    if (results.isFetching) {
      return (
        <p role="status" className="text-slate-700">
          Searching for videos within {describeSearch(input)}…
        </p>
      )
    }
    return (
      <p role="status" className="rounded-lg border border-sky-200 bg-sky-50 p-4 text-slate-800">
        {quote.isPending
          ? 'Checking whether this search is already paid for…'
          : `Press Search to run this search for videos within ${describeSearch(input)}. One page of up to 50 videos costs ${formatUsd(PAGE_PRICE)}.`}
      </p>
    )
  }

  const first = pages[0]
  if (items.length === 0) {
    return (
      <p role="status" className="rounded-lg border border-slate-200 bg-white p-4 text-slate-800">
        No videos found within {describeSearch(input)}; widen the radius.
      </p>
    )
  }

  // Exactly what the view shows, in its order; the provenance says the filter, the sort and how many of the loaded.
  function onExport(format: ExportFormat) {
    return exportData(
      format,
      searchExport({
        loaded: items,
        shown: visible,
        q,
        sort,
        pagesFetched: pages?.length ?? 0,
        regionCode: first?.regionCode,
        input,
        request,
        viewUrl: `${window.location.origin}${searchPath(input, { q, sort })}`,
        fetchedAt: new Date(results.dataUpdatedAt || Date.now()),
      }),
    )
  }

  const total = formatCount(first?.totalResults)
  const costUsd = addUsd(...pages.map(() => PAGE_PRICE))
  const fetchedAt = new Date(results.dataUpdatedAt).toISOString()
  const bulkUrl = bulkPath({ ids: visible.map((i) => i.videoId) })

  return (
    <section aria-labelledby="results-heading" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <div>
          <h2 id="results-heading" className="text-lg font-semibold">
            About {total?.exact ?? first?.totalResults} videos · region {first?.regionCode || 'unknown'}
          </h2>
          <p className="text-sm text-slate-600">
            {items.length} loaded from {pages.length} {pages.length === 1 ? 'page' : 'pages'} (
            {formatUsd(costUsd)} at list price), fetched{' '}
            <time dateTime={fetchedAt} title={formatDate(fetchedAt)}>
              {formatRelative(fetchedAt)}
            </time>
            . The total is the service&apos;s estimate; it may include videos from a little outside the
            circle.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <ExportMenu
            onExport={onExport}
            count={visible.length}
            loaded={items.length}
            noun="videos"
            disabled={visible.length === 0}
          />
          {/* Loaded searches are kept (never refetched by themselves): this is the one way to fetch them afresh. */}
          <PricedButton
            size="sm"
            label={
              results.isRefetching
                ? 'Running again…'
                : `Run again (${pages.length} ${pages.length === 1 ? 'page' : 'pages'})`
            }
            priceUsd={costUsd}
            estimate={pages.length > 1}
            cached={pages.length === 1 && quote.data?.cached === true}
            disabled={results.isFetching}
            onClick={() => void results.refetch()}
          />
        </div>
      </div>
      <ResultsToolbar q={q} sort={sort} onChange={onViewChange} />
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <p aria-live="polite">
          Showing {visible.length} of {items.length} loaded videos
          {visible.length !== items.length && ' (exports hold the videos shown, in this order)'}.
        </p>
        {visible.length > 0 && (
          <AddToCollectionButton
            videos={visible.map(videoMetaOf)}
            foundBy={foundBy}
            label={`Add all ${visible.length} shown to a collection`}
          />
        )}
        {visible.length > 0 && (
          <Link to={bulkUrl} className="font-medium text-sky-800 underline">
            Download captions… <span className="font-normal">({visible.length} videos)</span>
          </Link>
        )}
      </div>
      {visible.length === 0 ? (
        <p role="status" className="rounded-lg border border-slate-200 bg-white p-4">
          No loaded video matches “{q}”. Clear the filter to see all {items.length}.
        </p>
      ) : (
        <ol aria-label="Search results" className="space-y-3">
          {visible.map((item) => (
            <li key={item.videoId}>
              <ResultCard item={item} now={now} foundBy={foundBy} />
            </li>
          ))}
        </ol>
      )}
      {results.isFetchNextPageError ? (
        <ErrorPanel
          title="The next page could not be loaded"
          message={errorMessage(results.error)}
          error={results.error}
          onRetry={() => void results.fetchNextPage()}
          retryPriceUsd={PAGE_PRICE}
          retrying={results.isFetchingNextPage}
        />
      ) : results.hasNextPage ? (
        <PricedButton
          label={results.isFetchingNextPage ? 'Loading more…' : 'Load more'}
          priceUsd={nextPrice.priceUsd}
          cached={nextPrice.cached}
          disabled={results.isFetchingNextPage}
          onClick={() => void results.fetchNextPage()}
        />
      ) : (
        <p className="text-sm text-slate-600">All results the service returns for this search are loaded.</p>
      )}
    </section>
  )
})
