import { formatUsd, priceOf } from '#contract/index.ts'

/** The view's title and what loading it costs. */
export function PopularIntro() {
  return (
    <header className="space-y-1">
      <h1 className="text-2xl font-semibold tracking-tight">Popular videos</h1>
      <p className="max-w-3xl text-slate-700">
        The platform's most popular videos, most popular first. Each page costs{' '}
        {formatUsd(priceOf('GET /popularVideos'))} (free when the dashboard has it cached). Opening this view
        loads the first page; further pages load when you ask, or as you scroll if you switch auto-load on.
      </p>
    </header>
  )
}
