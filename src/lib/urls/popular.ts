/** /popular's URL: its state, builder and parser in one module, so a parameter is added in one place. */
import { z } from 'zod'
import { HL_CODES, type HlCode } from '#contract/enums.ts'
import { isRegionCode, type RegionCode } from '#contract/regions.ts'
import { ROUTES, withQuery } from './routes.ts'

// ——— /popular?region=&hl=&category=&min=&max=&q=&sort=&auto=1 ———

const POPULAR_SORT_KEYS = [
  'rank',
  'views',
  'likes',
  'comments',
  'longest',
  'shortest',
  'newest',
  'oldest',
] as const
export type PopularSort = (typeof POPULAR_SORT_KEYS)[number]

export type PopularState = {
  /** Which feed is asked of the service (sent only when chosen): its region (ISO 3166-1 alpha-2) and language. */
  region?: RegionCode
  hl?: HlCode
  /** categoryId (numeric text): stable whatever the language of categoryTitle. */
  category?: string
  /** Duration range in minutes, inclusive. */
  minMinutes?: number
  maxMinutes?: number
  q: string
  sort: PopularSort
  /** Load the next page by itself when the list is scrolled near its end. */
  auto: boolean
}

export const DEFAULT_POPULAR_STATE: PopularState = { q: '', sort: 'rank', auto: false }

export function durationRangeValid(state: Pick<PopularState, 'minMinutes' | 'maxMinutes'>): boolean {
  return (
    state.minMinutes === undefined || state.maxMinutes === undefined || state.minMinutes <= state.maxMinutes
  )
}

/** Only what differs from the defaults, so plain /popular stays plain. */
export function popularSearchParams(state: PopularState): URLSearchParams {
  const sp = new URLSearchParams()
  if (state.region) sp.set('region', state.region)
  if (state.hl) sp.set('hl', state.hl)
  if (state.category) sp.set('category', state.category)
  if (state.minMinutes !== undefined) sp.set('min', String(state.minMinutes))
  if (state.maxMinutes !== undefined) sp.set('max', String(state.maxMinutes))
  if (state.q) sp.set('q', state.q)
  if (state.sort !== 'rank') sp.set('sort', state.sort)
  if (state.auto) sp.set('auto', '1')
  return sp
}

export const popularPath = (state?: PopularState) =>
  withQuery(ROUTES.popular, state ? popularSearchParams(state).toString() : '')

const CategoryParam = z.string().regex(/^\d+$/)
const MinutesParam = z.coerce.number().finite().min(0)
const PopularSortParam = z.enum(POPULAR_SORT_KEYS)
const AutoParam = z.enum(['1', '0']).transform((v) => v === '1')

function minutes(sp: URLSearchParams, key: string, problems: string[]): number | undefined {
  const raw = sp.get(key)
  if (raw === null || raw.trim() === '') return undefined
  const n = MinutesParam.safeParse(raw)
  if (!n.success) {
    problems.push(`Ignored ${key}=${raw}: it must be a number of minutes, 0 or more.`)
    return undefined
  }
  return n.data
}

export function parsePopularSearch(sp: URLSearchParams): { state: PopularState; problems: string[] } {
  const problems: string[] = []
  const state: PopularState = { ...DEFAULT_POPULAR_STATE, q: sp.get('q') ?? '' }
  const region = sp.get('region')
  if (region) {
    if (isRegionCode(region.toUpperCase())) state.region = region.toUpperCase() as typeof state.region
    else problems.push(`Ignored region=${region}: regions are two-letter ISO 3166-1 codes such as US or JP.`)
  }
  const hl = sp.get('hl')
  if (hl) {
    if ((HL_CODES as readonly string[]).includes(hl)) state.hl = hl as HlCode
    else problems.push(`Ignored hl=${hl}: it is not a language the service offers.`)
  }
  const category = sp.get('category')
  if (category) {
    if (CategoryParam.safeParse(category).success) state.category = category
    else problems.push(`Ignored category=${category}: categories are numeric ids.`)
  }
  const min = minutes(sp, 'min', problems)
  const max = minutes(sp, 'max', problems)
  if (min !== undefined) state.minMinutes = min
  if (max !== undefined) state.maxMinutes = max
  // Kept as typed (the boxes must not jump), but a reversed range filters nothing.
  if (!durationRangeValid(state))
    problems.push(`The duration range is not applied: min=${min} is more than max=${max}.`)
  const sort = sp.get('sort')
  if (sort) {
    const s = PopularSortParam.safeParse(sort)
    if (s.success) state.sort = s.data
    else problems.push(`Ignored sort=${sort}: use one of ${POPULAR_SORT_KEYS.join(', ')}.`)
  }
  const auto = sp.get('auto')
  if (auto !== null) {
    const a = AutoParam.safeParse(auto)
    if (a.success) state.auto = a.data
    else problems.push(`Ignored auto=${auto}: use 1 or 0.`)
  }
  return { state, problems }
}
