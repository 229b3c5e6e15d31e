import { useSearchParams } from 'react-router'
import { SearchView } from '#features/search-map/search-map-view.tsx'
import { SweepView } from '#features/search-map/sweep/sweep-view.tsx'
import { isSweepUrl, parseSweepUrl } from '#features/search-map/lib/sweep-url.ts'
import { parseSearchUrl } from '#lib/paths-parse/search.ts'
import { pageTitle } from '#lib/page-title.ts'

/** `/search?location=<lat>,<lng>&radius=<n>&unit=<km|m|mi|ft>[&q=][&sort=]`, or the area sweep: `/search?area=<encoded>&r=<km>&depth=<1|N|all>[&max=<usd>]` */
export function Component() {
  const [params] = useSearchParams()
  if (isSweepUrl(params)) {
    const sweep = parseSweepUrl(params)
    return (
      <>
        <title>{pageTitle('Area sweep', sweep.radiusKm ? `${sweep.radiusKm} km circles` : undefined)}</title>
        <SweepView url={sweep} />
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
