/** The canonical caption request of a collection's track: the same question the caption studio asks, so both share one purchase (docs/decisions/0128). */
import { CaptionItems } from '#contract/schemas.ts'
import type { PaidCall } from '../gateway.ts'
import type { CollectionRow } from './collection-store.ts'

/** Rate limits are per client; the collect job is one client of its own. */
const COLLECT_CLIENT = 'collect-job'

export function captionCall(c: Pick<CollectionRow, 'lang' | 'mode'>, videoId: string): PaidCall {
  return {
    operation: 'GET /captions/{videoId}',
    path: `/captions/${videoId}`,
    query: { format: 'json', mode: c.mode, ...(c.lang ? { lang: c.lang } : {}) },
    schema: CaptionItems,
    captionFormat: 'json',
    clientKey: COLLECT_CLIENT,
  }
}
