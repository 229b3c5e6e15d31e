import { useCallback, useMemo, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useLocation, useNavigate } from 'react-router'
import { toKm } from '#contract/index.ts'
import { searchQueries, searchRequest } from './api/queries.ts'
import {
  draftFromUrl,
  parseDraft,
  withPoint,
  withRadiusKm,
  type LatLng,
  type SearchDraft,
} from './lib/search-draft.ts'
import { searchPath, type SearchUrlState, type SortKey } from './lib/search-url.ts'
import { ROUTES } from '#lib/urls/routes.ts'
import { useViewChanges } from '#lib/use-view-changes.ts'
import { LocationMap } from './components/location-map.tsx'
import { SearchForm } from './components/search-form.tsx'
import { SearchResults } from './components/search-results.tsx'

/** The URL's search, written as a key: a new key (back button, new search) resets the form to it. */
function urlSearchKey(url: SearchUrlState): string {
  return `${url.raw.location}|${url.raw.radius}|${url.raw.unit}`
}

function requestKey(r: { location: string; locationRadius: string }): string {
  return `${r.location}|${r.locationRadius}`
}

export type SearchViewProps = { url: SearchUrlState }

/** Location search: the form and map edit a draft; only Search writes it into the URL and may pay. */
export function SearchView({ url }: SearchViewProps) {
  const navigate = useNavigate()
  const location = useLocation()
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState<SearchDraft>(() => draftFromUrl(url))
  const [draftKey, setDraftKey] = useState(() => urlSearchKey(url))
  const [showAllErrors, setShowAllErrors] = useState(false)
  const [armedKey, setArmedKey] = useState<string>()
  if (draftKey !== urlSearchKey(url)) {
    // The URL's search changed (back/forward, a link): the form follows it.
    setDraftKey(urlSearchKey(url))
    setDraft(draftFromUrl(url))
    setShowAllErrors(false)
  }
  const parsed = parseDraft(draft)
  const searched = url.search

  const onPoint = useCallback((p: LatLng) => setDraft((d) => withPoint(d, p)), [])
  const onRadiusKm = useCallback((km: number) => setDraft((d) => withRadiusKm(d, km)), [])

  function onSubmit() {
    if (!parsed.input) {
      setShowAllErrors(true)
      return
    }
    setShowAllErrors(false)
    const request = searchRequest(parsed.input)
    setArmedKey(requestKey(request))
    const next = searchPath(parsed.input, { q: url.q, sort: url.sort })
    if (next !== `${location.pathname}${location.search}`) {
      void navigate(next)
      return
    }
    // Same search again after it failed: pressing Search retries it (a loaded search is never paid twice).
    const { queryKey } = searchQueries.pages(request)
    const state = queryClient.getQueryState(queryKey)
    if (state?.status === 'error' && state.data === undefined) void queryClient.refetchQueries({ queryKey })
  }

  const commitView = useCallback(
    (view: { q: string; sort: SortKey }) => {
      // Filtering and sorting are not new searches: they replace the history entry.
      if (searched) void navigate(searchPath(searched, view), { replace: true })
    },
    [searched, navigate],
  )
  const shownView = useMemo(() => ({ q: url.q, sort: url.sort }), [url.q, url.sort])
  const onViewChange = useViewChanges(shownView, commitView)

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Location search</h1>
        <p className="mt-1 max-w-3xl text-slate-700">
          Pick a point and a radius (at most 1000 km) and find the videos the service has recorded near it.
          Nothing is paid until you press Search; the search is kept in this page&apos;s address, so you can
          bookmark, share and reproduce it.{' '}
          <Link to={`${ROUTES.search}?area=`} className="text-sky-800 underline">
            Sweep a whole area (a city, a region, a list of sites) instead
          </Link>
          .
        </p>
      </div>
      {url.problem && (
        <p role="alert" className="rounded border border-amber-300 bg-amber-50 p-3 text-amber-900">
          This link&apos;s search could not be run: {url.problem}
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-[22rem_1fr]">
        <SearchForm
          draft={draft}
          parsed={parsed}
          showAllErrors={showAllErrors}
          onDraft={setDraft}
          onSubmit={onSubmit}
        />
        <LocationMap
          point={parsed.point}
          radiusKm={parsed.radiusKm}
          searched={
            searched
              ? {
                  point: { lat: searched.lat, lng: searched.lng },
                  radiusKm: toKm(searched.radius, searched.unit),
                }
              : undefined
          }
          onPoint={onPoint}
          onRadiusKm={onRadiusKm}
        />
      </div>
      {searched && (
        <SearchResults
          input={searched}
          armed={armedKey === requestKey(searchRequest(searched))}
          q={url.q}
          sort={url.sort}
          onViewChange={onViewChange}
        />
      )}
    </div>
  )
}
