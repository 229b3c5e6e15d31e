/** The route table's parser for /search (docs/decisions/0123-typed-addresses.md): tolerant, each bad value named. */
import { z } from 'zod'
import { RADIUS_UNITS } from '#contract/enums.ts'
import { checkRadius } from '#contract/geo.ts'
import { LocationParam } from '#contract/location-param.ts'
import {
  DEFAULT_RADIUS,
  DEFAULT_UNIT,
  roundCoordinate,
  SORT_KEYS,
  type SearchUrlState,
} from '../paths/search.ts'

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
