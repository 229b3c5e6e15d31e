/** GET /search: videos recorded near a point, nearest first (spec 4.1; service-facts.md for the platform's limits). */
import { distanceKm, parseLocation, parseRadius } from '#contract/index.ts'
import { getDataset } from '../data/dataset.ts'
import { PLACES } from '../data/places.ts'
import { invalid } from '../errors.ts'
import { searchItem } from '../wire.ts'
import { pageOf, param, type SimContext } from './query.ts'

export const SEARCH_PAGE_SIZE = 50
/** The platform stops paging after about 500 results. */
export const SEARCH_RESULT_CAP = 500
/** "Results may come from a somewhat larger area than the radius." */
export const SEARCH_AREA_SLACK = 1.1

/** The platform's totalResults is an estimate: the match count rounded up to two significant digits. */
export function estimateTotal(n: number): number {
  if (n < 100) return n
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1)
  return Math.ceil(n / unit) * unit
}

function nearestRegion(point: { lat: number; lng: number }): string {
  let best = PLACES[0]!
  for (const place of PLACES) if (distanceKm(point, place) < distanceKm(point, best)) best = place
  return best.regionCode
}

export function search(c: SimContext): Response {
  const location = param(c, 'location')
  const radius = param(c, 'locationRadius')
  if (!location && !radius)
    throw invalid(
      'location and locationRadius are required, e.g. location=48.8566,2.3522&locationRadius=25km.',
    )
  if (!location) throw invalid('location is required with locationRadius, e.g. location=48.8566,2.3522.')
  if (!radius) throw invalid('locationRadius is required with location, e.g. locationRadius=25km.')
  const type = param(c, 'type')
  if (type !== 'video')
    throw invalid(
      type
        ? `type "${type}" is not allowed; location search needs type=video.`
        : 'type is required and must be video.',
    )
  const point = parseLocation(location)
  if (!point.ok) throw invalid(point.message)
  const r = parseRadius(radius)
  if (!r.ok) throw invalid(r.message)

  const reach = r.value.km * SEARCH_AREA_SLACK
  const matches = getDataset()
    .videos.map((video) => ({ video, km: distanceKm(point.value, video) }))
    .filter((m) => m.km <= reach)
    .sort(
      (a, b) =>
        a.km - b.km ||
        b.video.publishedAt.localeCompare(a.video.publishedAt) ||
        (a.video.id < b.video.id ? -1 : 1),
    )
  const reachable = matches.slice(0, SEARCH_RESULT_CAP)
  const scope = `search|${point.value.lat},${point.value.lng}|${r.value.km}`
  const { page, nextPageToken } = pageOf(reachable, scope, param(c, 'pageToken'), SEARCH_PAGE_SIZE)
  return c.json({
    regionCode: nearestRegion(point.value),
    totalResults: estimateTotal(matches.length),
    resultsPerPage: page.length,
    ...(nextPageToken ? { nextPageToken } : {}),
    data: page.map((m) => searchItem(m.video)),
  })
}
