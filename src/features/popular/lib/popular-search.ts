/** The popular view's URL state lives in #lib/urls/popular.ts; the sort labels and the filter test are this view's. */
import type { PopularSort, PopularState } from '#lib/urls/popular.ts'

export {
  DEFAULT_POPULAR_STATE,
  durationRangeValid,
  popularSearchParams,
  type PopularSort,
  type PopularState,
  parsePopularSearch,
} from '#lib/urls/popular.ts'

export const POPULAR_SORTS: Record<PopularSort, string> = {
  rank: 'Rank (as the service orders it)',
  views: 'Most views',
  likes: 'Most likes',
  comments: 'Most comments',
  longest: 'Longest first',
  shortest: 'Shortest first',
  newest: 'Newest first',
  oldest: 'Oldest first',
}

export function hasActiveFilters(state: PopularState): boolean {
  return (
    !!state.category ||
    state.minMinutes !== undefined ||
    state.maxMinutes !== undefined ||
    state.q.trim() !== ''
  )
}
