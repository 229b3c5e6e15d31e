/** The sweep's page fetch: one GET /api/search page through the SPA's one paid fetch (its receipt is recorded). */
import type { Circle } from '#lib/area/area-types.ts'
import type { SearchRequest } from '../../api/queries.ts'
import type { FetchPage } from './sweep-runner.ts'

/** The request a circle's search sends (the same as a single search at that point and radius, so caches are shared). */
export function circleRequest(circle: Circle): SearchRequest {
  void circle
  throw new Error('not implemented')
}

/** The exact /api URL of a circle's page (what a quote is asked for). */
export function circlePagePath(circle: Circle, pageToken?: string): string {
  void circle
  void pageToken
  throw new Error('not implemented')
}

/** Fetches through paidFetch; a failed page throws its ApiError (the runner records it and does not retry). */
export const fetchSearchPage: FetchPage = () => {
  throw new Error('not implemented')
}
