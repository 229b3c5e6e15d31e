/** The popular view's URL state (filters, sort, auto-load): parsed leniently, every ignored value named. */

export const POPULAR_SORTS = {
  rank: 'Rank (as the service orders it)',
  views: 'Most views',
  likes: 'Most likes',
  comments: 'Most comments',
  longest: 'Longest first',
  shortest: 'Shortest first',
  newest: 'Newest first',
  oldest: 'Oldest first',
} as const
export type PopularSort = keyof typeof POPULAR_SORTS

export type PopularState = {
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

function minutes(sp: URLSearchParams, key: string, problems: string[]): number | undefined {
  const raw = sp.get(key)
  if (raw === null || raw.trim() === '') return undefined
  const n = Number(raw)
  if (!Number.isFinite(n) || n < 0) {
    problems.push(`Ignored ${key}=${raw}: it must be a number of minutes, 0 or more.`)
    return undefined
  }
  return n
}

export function parsePopularSearch(sp: URLSearchParams): { state: PopularState; problems: string[] } {
  const problems: string[] = []
  const state: PopularState = { ...DEFAULT_POPULAR_STATE, q: sp.get('q') ?? '' }
  const category = sp.get('category')
  if (category) {
    if (/^\d+$/.test(category)) state.category = category
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
    if (sort in POPULAR_SORTS) state.sort = sort as PopularSort
    else problems.push(`Ignored sort=${sort}: use one of ${Object.keys(POPULAR_SORTS).join(', ')}.`)
  }
  const auto = sp.get('auto')
  if (auto === '1') state.auto = true
  else if (auto !== null && auto !== '0') problems.push(`Ignored auto=${auto}: use 1 or 0.`)
  return { state, problems }
}

/** Only what differs from the defaults, so plain /popular stays plain. */
export function popularSearchParams(state: PopularState): URLSearchParams {
  const sp = new URLSearchParams()
  if (state.category) sp.set('category', state.category)
  if (state.minMinutes !== undefined) sp.set('min', String(state.minMinutes))
  if (state.maxMinutes !== undefined) sp.set('max', String(state.maxMinutes))
  if (state.q) sp.set('q', state.q)
  if (state.sort !== 'rank') sp.set('sort', state.sort)
  if (state.auto) sp.set('auto', '1')
  return sp
}

export function durationRangeValid(state: Pick<PopularState, 'minMinutes' | 'maxMinutes'>): boolean {
  return (
    state.minMinutes === undefined || state.maxMinutes === undefined || state.minMinutes <= state.maxMinutes
  )
}

export function hasActiveFilters(state: PopularState): boolean {
  return (
    !!state.category ||
    state.minMinutes !== undefined ||
    state.maxMinutes !== undefined ||
    state.q.trim() !== ''
  )
}
