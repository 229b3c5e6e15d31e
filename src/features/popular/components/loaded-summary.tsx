import { useId } from 'react'
import { formatUsd, priceOf, type PopularPage } from '#contract/index.ts'
import { AUTO_LOAD_PAGE_CAP } from '../hooks/use-auto-load.ts'

export type LoadedSummaryProps = {
  videos: number
  pages: readonly PopularPage[]
  paidUsd: number
  fromCache: number
  auto: boolean
  onAutoChange: (auto: boolean) => void
}

/** What is loaded and what it cost, with the auto-load switch beside it. */
export function LoadedSummary({ videos, pages, paidUsd, fromCache, auto, onAutoChange }: LoadedSummaryProps) {
  const autoId = useId()
  return (
    <section
      aria-label="What is loaded"
      className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm text-slate-700"
    >
      <p data-testid="loaded-summary">
        {videos} videos loaded in {pages.length} {pages.length === 1 ? 'page' : 'pages'}
        {pages[0] ? ` (the service counts ${pages[0].totalResults})` : ''} · paid {formatUsd(paidUsd)}
        {fromCache > 0 ? ` · ${fromCache} from cache, free` : ''}
        {pages[0]?.regionCode ? ` · the chart of region ${pages[0].regionCode}` : ''}
      </p>
      <div className="flex items-center gap-2">
        <input
          id={autoId}
          type="checkbox"
          checked={auto}
          onChange={(e) => onAutoChange(e.target.checked)}
          className="h-4 w-4"
        />
        <label htmlFor={autoId}>
          Auto-load next pages as I scroll ({formatUsd(priceOf('GET /popularVideos'))} each, pauses after{' '}
          {AUTO_LOAD_PAGE_CAP})
        </label>
      </div>
    </section>
  )
}
