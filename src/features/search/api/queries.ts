import { infiniteQueryOptions } from '@tanstack/react-query'
import { formatKm, formatLocation, SearchPage, toKm } from '#contract/index.ts'
import type { SearchRequest as SearchQueryParams } from '#contract/requests.ts'
import { apiUrl, getJson } from '#lib/api-client.ts'
import { roundCoordinate, type SearchInput } from '../lib/search-url.ts'

/** What goes to GET /api/search: the same search in any unit becomes the same request (10 km = 10000 m). */
export type SearchRequest = Omit<SearchQueryParams, 'pageToken'>

export function searchRequest(input: SearchInput): SearchRequest {
  return {
    location: formatLocation({ lat: roundCoordinate(input.lat), lng: roundCoordinate(input.lng) }),
    locationRadius: formatKm(toKm(input.radius, input.unit)),
    type: 'video',
  }
}

/** The exact /api URL of one page (quotes are asked for this URL). */
export function searchApiPath(request: SearchRequest, pageToken?: string): string {
  return apiUrl('/api/search', { ...request, pageToken })
}

export const searchQueries = {
  all: () => ['search'] as const,
  pages: (request: SearchRequest) =>
    infiniteQueryOptions({
      queryKey: [...searchQueries.all(), 'pages', request],
      queryFn: ({ pageParam, signal }) =>
        getJson('/api/search', { ...request, pageToken: pageParam }, SearchPage, { signal }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextPageToken || undefined,
      // Every page is paid: a search once loaded is never refetched behind the researcher's back.
      staleTime: Infinity,
    }),
}
