/** The sweep's page fetch: one GET /api/search page through the SPA's one paid fetch (its receipt is recorded). */
import { SearchPage } from '#contract/schemas.ts'
import type { Circle } from '#lib/area/area-types.ts'
import { paidFetch } from '#lib/paid-fetch.ts'
import { searchApiPath, searchRequest, type SearchRequest } from '../../api/queries.ts'
import type { FetchPage } from './sweep-runner.ts'

/** The request a circle's search sends (the same as a single search at that point and radius, so caches are shared). */
function circleRequest(circle: Circle): SearchRequest {
  return searchRequest({ lat: circle.lat, lng: circle.lon, radius: circle.radiusKm, unit: 'km' })
}

/** The exact /api URL of a circle's page (what a quote is asked for). */
export function circlePagePath(circle: Circle, pageToken?: string): string {
  return searchApiPath(circleRequest(circle), pageToken)
}

/** Fetches through paidFetch; a failed page throws its ApiError (the runner records it and does not retry). */
export const fetchSearchPage: FetchPage = async (circle, pageToken, signal) => {
  const { data, receipt } = await paidFetch(
    circlePagePath(circle, pageToken),
    { as: 'json', schema: SearchPage },
    { signal },
  )
  return {
    videos: data.data,
    nextPageToken: data.nextPageToken || undefined,
    costUsd: receipt.costUsd,
    cached: receipt.cache === 'HIT',
  }
}
