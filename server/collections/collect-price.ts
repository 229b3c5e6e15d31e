/** The price of collecting what a collection still lacks: only tracks not already in the function's cache are paid (the gateway's quote says which). */
import { PER_TRACK_USD, type CollectPrice } from '#contract/collections.ts'
import type { Database } from '../db/database.ts'
import type { Gateway } from '../gateway.ts'
import { fromMicro, toMicro } from '../spend/money.ts'
import { captionCall } from './caption-request.ts'
import type { CollectionRow } from './collection-store.ts'

/** Quotes read the cache (memory, then the database): a few at a time keeps a 10,000-video price quick without flooding the pool. */
const QUOTES_AT_ONCE = 16

/** Videos a collect job takes: wanted, and failed ones (collecting again is the researcher's knowing choice). */
export async function videosToCollect(db: Database, collectionId: string): Promise<string[]> {
  const rows = await db.query<{ video_id: string }>(
    `SELECT video_id FROM collection_videos WHERE collection_id = $1 AND track_state IN ('wanted', 'failed') ORDER BY position`,
    [collectionId],
  )
  return rows.map((r) => r.video_id)
}

export async function priceOfCollecting(
  db: Database,
  gateway: Gateway,
  c: CollectionRow,
): Promise<CollectPrice> {
  const ids = await videosToCollect(db, c.id)
  let cached = 0
  let next = 0
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++]!
      if ((await gateway.quote(captionCall(c, id))).cached) cached++
    }
  }
  await Promise.all(Array.from({ length: Math.min(QUOTES_AT_ONCE, ids.length) }, worker))
  const toBuy = ids.length - cached
  return {
    tracks: ids.length,
    cached,
    toBuy,
    priceUsd: fromMicro(toBuy * toMicro(PER_TRACK_USD)),
    perTrackUsd: PER_TRACK_USD,
  }
}
