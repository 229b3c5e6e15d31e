import { useSearchParams } from 'react-router'
import { SearchView } from '#features/search-map/search-map-view.tsx'
import { parseSearchUrl } from '#lib/paths-parse/search.ts'
import { pageTitle } from '#lib/page-title.ts'

/** `/search?location=<lat>,<lng>&radius=<n>&unit=<km|m|mi|ft>[&q=][&sort=]` */
export function Component() {
  const [params] = useSearchParams()
  const url = parseSearchUrl(params)
  const where = url.search ? `${params.get('location')}, ${url.search.radius} ${url.search.unit}` : undefined
  return (
    <>
      <title>{pageTitle('Location search', where)}</title>
      <SearchView url={url} />
    </>
  )
}
