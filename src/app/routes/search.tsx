import { lazy, Suspense } from 'react'
import { useSearchParams } from 'react-router'
import { SearchView } from '#features/search/search-view.tsx'
import { parseSearchUrl } from '#lib/urls/search.ts'
import { pageTitle } from '#lib/page-title.ts'

// The sweep (Turf, its planner and runner) loads only when a sweep is opened: the location search stays as light.
const SweepView = lazy(() =>
  import('#features/search/sweep/sweep-view.tsx').then((m) => ({ default: m.SweepViewOfParams })),
)

/** `/search?location=<lat>,<lng>&radius=<n>&unit=<km|m|mi|ft>[&q=][&sort=]`, or the area sweep: `/search?area=<encoded>&r=<km>&depth=<1|N|all>[&max=<usd>]` */
export function Component() {
  const [params] = useSearchParams()
  if (params.has('area')) {
    const r = params.get('r')
    return (
      <>
        <title>{pageTitle('Area sweep', r ? `${r} km circles` : undefined)}</title>
        <Suspense fallback={<p role="status">Loading the area sweep…</p>}>
          <SweepView params={params} />
        </Suspense>
      </>
    )
  }
  const url = parseSearchUrl(params)
  const where = url.search ? `${params.get('location')}, ${url.search.radius} ${url.search.unit}` : undefined
  return (
    <>
      <title>{pageTitle('Location search', where)}</title>
      <SearchView url={url} />
    </>
  )
}
