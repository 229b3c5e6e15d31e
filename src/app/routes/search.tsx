import { useSearchParams } from 'react-router'
import { SearchView } from '#features/search-map/search-map-view.tsx'
import { parseSearchUrl } from '#lib/paths-parse/search.ts'

/** `/search?location=<lat>,<lng>&radius=<n>&unit=<km|m|mi|ft>[&q=][&sort=]` */
export function Component() {
  const [params] = useSearchParams()
  return <SearchView url={parseSearchUrl(params)} />
}
