import { memo, useMemo, useState } from 'react'
import { exportData, type ExportFormat } from '#lib/export/export-data.ts'
import { useFoundBy } from '#lib/collections/use-found-by.ts'
import { useSearchPages } from '../hooks/use-search-pages.ts'
import { describeSearch } from '../lib/describe-search.ts'
import { filterItems, sortItems } from '../lib/filter-results.ts'
import { searchExport } from '../lib/search-export.ts'
import { searchPath, type SearchInput, type SortKey } from '../lib/search-url.ts'
import { MoreResults } from './more-results.tsx'
import { ResultCard } from './result-card.tsx'
import { ResultsHeader } from './results-header.tsx'
import { ResultsToolbar } from './results-toolbar.tsx'
import { SearchNotLoaded } from './search-not-loaded.tsx'
import { ShownResultsBar } from './shown-results-bar.tsx'

export type SearchResultsProps = {
  input: SearchInput
  /** The researcher pressed Search for exactly this search: it may be paid for. */
  armed: boolean
  q: string
  sort: SortKey
  onViewChange: (change: { q?: string; sort?: SortKey }) => void
}

/** The results of the URL's search: run when Search was pressed, or free when the function has it cached. */
export const SearchResults = memo(function SearchResults({
  input,
  armed,
  q,
  sort,
  onViewChange,
}: SearchResultsProps) {
  const { request, quote, results, pages, items, nextPrice } = useSearchPages(input, armed)
  const [now] = useState(() => Date.now())
  const visible = useMemo(() => sortItems(filterItems(items, q), sort), [items, q, sort])
  const foundBy = useFoundBy('search', `Location search: ${describeSearch(input)}`)

  if (!pages) {
    return (
      <SearchNotLoaded
        input={input}
        error={results.isError ? results.error : null}
        fetching={results.isFetching}
        checkingQuote={quote.isPending}
        onRetry={() => void results.refetch()}
      />
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

  return (
    <section aria-labelledby="results-heading" className="space-y-4">
      <ResultsHeader
        pages={pages}
        loaded={items.length}
        shown={visible.length}
        fetchedAt={new Date(results.dataUpdatedAt).toISOString()}
        firstPageCached={quote.data?.cached === true}
        fetching={results.isFetching}
        refetching={results.isRefetching}
        onExport={onExport}
        onRunAgain={() => void results.refetch()}
      />
      <ResultsToolbar q={q} sort={sort} onChange={onViewChange} />
      <ShownResultsBar shown={visible} loaded={items.length} foundBy={foundBy} />
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
      <MoreResults
        pageError={results.isFetchNextPageError ? results.error : undefined}
        hasNextPage={results.hasNextPage}
        fetchingNextPage={results.isFetchingNextPage}
        nextPrice={nextPrice}
        onLoadMore={() => void results.fetchNextPage()}
      />
    </section>
  )
})
