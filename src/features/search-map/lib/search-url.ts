/** The location search's URL: `/search?location=<lat>,<lng>&radius=<n>&unit=<km|m|mi|ft>[&q=][&sort=]`. */
import { checkLatLng, checkRadius, parseLocation, RADIUS_UNITS, type RadiusUnit } from '#contract/index.ts'

export const SORT_KEYS = ['relevance', 'date', 'oldest', 'title'] as const
export type SortKey = (typeof SORT_KEYS)[number]
export const SORT_LABELS: Record<SortKey, string> = {
  relevance: 'Service order',
  date: 'Newest first',
  oldest: 'Oldest first',
  title: 'Title (A–Z)',
}

/** A complete, valid search as the researcher wrote it (radius in their unit). */
export type SearchInput = { lat: number; lng: number; radius: number; unit: RadiusUnit }

export type SearchUrlState = {
  /** The submitted search, when the URL holds a valid one. */
  search: SearchInput | undefined
  /** The URL's search values as written, so the form can show them even when they are wrong. */
  raw: { location: string; radius: string; unit: RadiusUnit }
  /** Why the URL's search could not be used (shown above the form). */
  problem: string | undefined
  /** Text filter over loaded results. */
  q: string
  sort: SortKey
}

export const DEFAULT_RADIUS = '10'
export const DEFAULT_UNIT: RadiusUnit = 'km'

const NUMBER_RE = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/

/** Decimal text → number; undefined for anything else (`1e3`, `0x10`, `1,5`, ''). */
export function parseDecimal(text: string): number | undefined {
  return NUMBER_RE.test(text) ? Number(text) : undefined
}

/** Coordinates to 5 decimals (about 1 m): enough for any radius the service takes, short in URLs. */
export function roundCoordinate(n: number): number {
  const r = Number(n.toFixed(5))
  return Object.is(r, -0) ? 0 : r
}

function isUnit(s: string): s is RadiusUnit {
  return (RADIUS_UNITS as readonly string[]).includes(s)
}

function isSort(s: string): s is SortKey {
  return (SORT_KEYS as readonly string[]).includes(s)
}

export function parseSearchUrl(params: URLSearchParams): SearchUrlState {
  const location = params.get('location')?.trim() ?? ''
  const radiusText = params.get('radius')?.trim() ?? ''
  const unitText = params.get('unit')?.trim().toLowerCase() ?? ''
  const sortText = params.get('sort') ?? ''
  const unit = isUnit(unitText) ? unitText : DEFAULT_UNIT
  const base = { raw: { location, radius: radiusText || DEFAULT_RADIUS, unit }, q: params.get('q') ?? '', sort: isSort(sortText) ? sortText : 'relevance' } as const
  if (!location) return { ...base, search: undefined, problem: undefined }
  const problem = searchProblem(location, radiusText, unitText)
  if (problem) return { ...base, search: undefined, problem }
  const point = parseLocation(location)
  const radius = parseDecimal(radiusText)
  if (!point.ok || radius === undefined) return { ...base, search: undefined, problem: 'This link has no usable search.' }
  return { ...base, search: { lat: roundCoordinate(point.value.lat), lng: roundCoordinate(point.value.lng), radius, unit }, problem: undefined }
}

function searchProblem(location: string, radiusText: string, unitText: string): string | undefined {
  const point = parseLocation(location)
  if (!point.ok) return point.message
  if (unitText && !isUnit(unitText)) return `The unit "${unitText}" is not one of ${RADIUS_UNITS.join(', ')}.`
  const unit = isUnit(unitText) ? unitText : DEFAULT_UNIT
  if (!radiusText) return `The link has a location but no radius; press Search to use ${DEFAULT_RADIUS} ${unit}.`
  const radius = parseDecimal(radiusText)
  if (radius === undefined) return `The radius "${radiusText}" is not a number.`
  const r = checkRadius(radius, unit)
  if (!r.ok) return r.message
  const ll = checkLatLng(point.value.lat, point.value.lng)
  return ll.ok ? undefined : ll.message
}

/** The view's URL for a search; the location keeps its comma so links stay readable. */
export function searchUrl(input: SearchInput, view: { q?: string; sort?: SortKey } = {}): string {
  const parts = [`location=${roundCoordinate(input.lat)},${roundCoordinate(input.lng)}`, `radius=${input.radius}`, `unit=${input.unit}`]
  if (view.q) parts.push(`q=${encodeURIComponent(view.q)}`)
  if (view.sort && view.sort !== 'relevance') parts.push(`sort=${view.sort}`)
  return `/search?${parts.join('&')}`
}
