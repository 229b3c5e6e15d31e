/** The route table's parser for /popular (docs/decisions/0123-typed-addresses.md): tolerant, each bad value named. */
import { z } from 'zod'
import { HL_CODES, type HlCode } from '#contract/enums.ts'
import { isRegionCode } from '#contract/regions.ts'
import {
  DEFAULT_POPULAR_STATE,
  durationRangeValid,
  POPULAR_SORT_KEYS,
  type PopularState,
} from '../paths/popular.ts'

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
