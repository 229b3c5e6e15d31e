/** /search's URL: its state, builder and parser in one module, so a parameter is added in one place. */
import { z } from 'zod'
import { RADIUS_UNITS, type RadiusUnit } from '#contract/enums.ts'
import { checkRadius } from '#contract/geo.ts'
import { formatLocation } from '#contract/location-format.ts'
import { LocationParam } from '#contract/location-param.ts'
import { ROUTES } from './routes.ts'

// ——— /search?location=<lat>,<lng>&radius=<n>&unit=<km|m|mi|ft>[&q=][&sort=] ———

export const SORT_KEYS = ['relevance', 'date', 'oldest', 'title'] as const
export type SortKey = (typeof SORT_KEYS)[number]

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

/** Coordinates to 5 decimals (about 1 m): enough for any radius the service takes, short in URLs. */
export function roundCoordinate(n: number): number {
  const r = Number(n.toFixed(5))
  return Object.is(r, -0) ? 0 : r
}

/** The view's URL for a search; the location keeps its comma so links stay readable. */
export function searchPath(input?: SearchInput, view: { q?: string; sort?: SortKey } = {}): string {
  if (!input) return ROUTES.search
  const parts = [
    `location=${formatLocation({ lat: roundCoordinate(input.lat), lng: roundCoordinate(input.lng) })}`,
    `radius=${input.radius}`,
    `unit=${input.unit}`,
  ]
  if (view.q) parts.push(`q=${encodeURIComponent(view.q)}`)
  if (view.sort && view.sort !== 'relevance') parts.push(`sort=${view.sort}`)
  return `${ROUTES.search}?${parts.join('&')}`
}

/** The first message of a failed zod parse. */
const firstMessage = (e: z.ZodError) => e.issues[0]?.message ?? ''

const NUMBER_RE = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/
/** Decimal text only (`1e3`, `0x10`, `1,5`, '' are not numbers here). */
const DecimalText = z.string().regex(NUMBER_RE).transform(Number)
const UnitParam = z.enum(RADIUS_UNITS)
const SortParam = z.enum(SORT_KEYS)

/** Decimal text → number; undefined for anything else (`1e3`, `0x10`, `1,5`, ''). */
export function parseDecimal(text: string): number | undefined {
  const r = DecimalText.safeParse(text)
  return r.success ? r.data : undefined
}

export function parseSearchUrl(params: URLSearchParams): SearchUrlState {
  const location = params.get('location')?.trim() ?? ''
  const radiusText = params.get('radius')?.trim() ?? ''
  const unitText = params.get('unit')?.trim().toLowerCase() ?? ''
  const unitParsed = UnitParam.safeParse(unitText)
  const sortParsed = SortParam.safeParse(params.get('sort') ?? '')
  const unit = unitParsed.success ? unitParsed.data : DEFAULT_UNIT
  const base = {
    raw: { location, radius: radiusText || DEFAULT_RADIUS, unit },
    q: params.get('q') ?? '',
    sort: sortParsed.success ? sortParsed.data : 'relevance',
  } as const
  if (!location) return { ...base, search: undefined, problem: undefined }
  const fail = (problem: string): SearchUrlState => ({ ...base, search: undefined, problem })
  // The same schema the function validates `location` with (contract/requests.ts).
  const point = LocationParam.safeParse(location)
  if (!point.success) return fail(firstMessage(point.error))
  if (unitText && !unitParsed.success)
    return fail(`The unit "${unitText}" is not one of ${RADIUS_UNITS.join(', ')}.`)
  if (!radiusText)
    return fail(`The link has a location but no radius; press Search to use ${DEFAULT_RADIUS} ${unit}.`)
  const radius = parseDecimal(radiusText)
  if (radius === undefined) return fail(`The radius "${radiusText}" is not a number.`)
  const r = checkRadius(radius, unit)
  if (!r.ok) return fail(r.message)
  return {
    ...base,
    search: { lat: roundCoordinate(point.data.lat), lng: roundCoordinate(point.data.lng), radius, unit },
    problem: undefined,
  }
}
