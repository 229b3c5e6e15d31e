/** The location search's URL lives in #lib/urls/search.ts; the sort labels are this view's. */
import type { SortKey } from '#lib/urls/search.ts'

export {
  roundCoordinate,
  searchPath,
  SORT_KEYS,
  type SearchInput,
  type SearchUrlState,
  type SortKey,
  parseDecimal,
  parseSearchUrl,
} from '#lib/urls/search.ts'

export const SORT_LABELS: Record<SortKey, string> = {
  relevance: 'Service order',
  date: 'Newest first',
  oldest: 'Oldest first',
  title: 'Title (A–Z)',
}
