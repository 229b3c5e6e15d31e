import { addUsd, formatUsd, priceOf, type SearchPage } from '#contract/index.ts'
import { ExportMenu, type ExportMenuProps } from '#components/export-menu.tsx'
import { PricedButton } from '#components/pricing/priced-button.tsx'
import { formatCount, formatDate, formatRelative } from '#lib/format.ts'

const PAGE_PRICE = priceOf('GET /search')

export type ResultsHeaderProps = {
  pages: readonly SearchPage[]
  loaded: number
  shown: number
  fetchedAt: string
  /** The first page is cached by the function: running a one-page search again is free. */
  firstPageCached: boolean
  fetching: boolean
  refetching: boolean
  onExport: ExportMenuProps['onExport']
  onRunAgain: () => void
}

/** How many videos the service counts and what is loaded, with the export and the paid "run again". */
export function ResultsHeader({
  pages,
  loaded,
  shown,
  fetchedAt,
  firstPageCached,
  fetching,
  refetching,
  onExport,
  onRunAgain,
}: ResultsHeaderProps) {
  const first = pages[0]
  const total = formatCount(first?.totalResults)
  const costUsd = addUsd(...pages.map(() => PAGE_PRICE))
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-3">
      <div>
        <h2 id="results-heading" className="text-lg font-semibold">
          About {total?.exact ?? first?.totalResults} videos · region {first?.regionCode || 'unknown'}
        </h2>
        <p className="text-sm text-slate-600">
          {loaded} loaded from {pages.length} {pages.length === 1 ? 'page' : 'pages'} ({formatUsd(costUsd)} at
          list price), fetched{' '}
          <time dateTime={fetchedAt} title={formatDate(fetchedAt)}>
            {formatRelative(fetchedAt)}
          </time>
          . The total is the service&apos;s estimate; it may include videos from a little outside the circle.
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <ExportMenu onExport={onExport} count={shown} loaded={loaded} noun="videos" disabled={shown === 0} />
        {/* Loaded searches are kept (never refetched by themselves): this is the one way to fetch them afresh. */}
        <PricedButton
          size="sm"
          label={
            refetching
              ? 'Running again…'
              : `Run again (${pages.length} ${pages.length === 1 ? 'page' : 'pages'})`
          }
          priceUsd={costUsd}
          estimate={pages.length > 1}
          cached={pages.length === 1 && firstPageCached}
          disabled={fetching}
          onClick={onRunAgain}
        />
      </div>
    </div>
  )
}
