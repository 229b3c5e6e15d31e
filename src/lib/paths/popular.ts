/** The route table's builders for /popular (docs/decisions/0123-typed-addresses.md); its parser is in paths-parse/. */
import type { HlCode } from '#contract/enums.ts'
import type { RegionCode } from '#contract/regions.ts'
import { ROUTES, withQuery } from '../routes.ts'

// ——— /popular?region=&hl=&category=&min=&max=&q=&sort=&auto=1 ———

export const POPULAR_SORT_KEYS = [
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
