/** The bulk view's URL state lives in #lib/urls/bulk.ts; which videos a run takes is this view's. */
import type { BulkState } from '#lib/urls/bulk.ts'

export { MAX_PARALLEL, MAX_VIDEOS, type BulkState, parseBulkSearch } from '#lib/urls/bulk.ts'

export function selectedIds(state: Pick<BulkState, 'ids' | 'excluded'>): string[] {
  const off = new Set(state.excluded)
  return state.ids.filter((id) => !off.has(id))
}
