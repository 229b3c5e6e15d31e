/** The bulk view's URL state lives in the route table (#lib/paths.ts); which videos a run takes is this view's. */
import type { BulkState } from '#lib/paths/bulk.ts'

export {
  bulkSearchString,
  DEFAULT_BULK_STATE,
  DEFAULT_PARALLEL,
  MAX_PARALLEL,
  MAX_VIDEOS,
  type BulkState,
} from '#lib/paths/bulk.ts'
export { parseBulkSearch } from '#lib/paths-parse/bulk.ts'

export function selectedIds(state: Pick<BulkState, 'ids' | 'excluded'>): string[] {
  const off = new Set(state.excluded)
  return state.ids.filter((id) => !off.has(id))
}
