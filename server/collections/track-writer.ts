/**
 * The collect job's one writer in this instance: answers the fetches brought wait here and are stored in batches
 * (their tracks, their cues and their items' ends in one transaction), so the fetches keep the service busy while
 * the database stores. A batch that fails goes back to the queue: its answers are cached, so taking them again is free.
 */
import type { Database } from '../db/database.ts'
import { RETAKE_AFTER_MS, type Fetched } from './collect-item.ts'
import { insertTracks, prepareTrack } from './store-track.ts'
import type { WorkQueue } from './work-queue.ts'

/** Cues per batch: enough to share each statement's cost, few enough that a batch holds PGlite's one connection briefly. */
export const CUES_PER_BATCH = 3000

export type TrackWriter = {
  /** Queues a fetched answer for storing. */
  add(fetched: Fetched): void
  /** Answers queued or being stored. */
  backlog(): number
  /** Resolves when everything queued so far is stored (or back in the queue). */
  drain(): Promise<void>
}

export function createTrackWriter({
  db,
  queue,
  worker,
  log,
  onStored,
}: {
  db: Database
  queue: WorkQueue
  worker: string
  log: (line: string) => void
  /** A batch ended: its items left this instance (the runner may claim more). */
  onStored: () => void
}): TrackWriter {
  const waiting: Fetched[] = []
  let writing = 0
  let loop: Promise<void> | undefined

  async function write(batch: readonly Fetched[]): Promise<void> {
    try {
      // Cleaning is plain JavaScript: done before the transaction holds the database.
      const tracks = await Promise.all(
        batch.map(({ claim, costMicro, items }) =>
          prepareTrack(db, {
            source: claim.collection.source,
            videoId: claim.videoId,
            langAsked: claim.collection.lang ?? '',
            mode: claim.collection.mode,
            costMicro,
            items,
          }),
        ),
      )
      await db.transaction(async (tx) => {
        const ids = await insertTracks(tx, tracks)
        const ends = batch.map(({ claim, costMicro }, i) => ({
          claim,
          outcome: { state: 'collected' as const, costMicro, trackId: ids[i]! },
        }))
        await queue.finishAll(tx, worker, ends)
      })
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e)
      for (const { claim, costMicro } of batch) {
        log(`[collect] ${claim.videoId}: storing failed (${reason}); it waits and is taken again`)
        await queue
          .release(claim, RETAKE_AFTER_MS, costMicro)
          .catch((err: unknown) =>
            log(
              `[collect] ${claim.videoId} returns to the queue when its lease runs out: ${err instanceof Error ? err.message : String(err)}`,
            ),
          )
      }
    }
  }

  async function run(): Promise<void> {
    while (waiting.length) {
      let cues = waiting[0]!.items.length
      let n = 1
      while (n < waiting.length && cues + waiting[n]!.items.length <= CUES_PER_BATCH)
        cues += waiting[n++]!.items.length
      const batch = waiting.splice(0, n)
      writing += batch.length
      await write(batch)
      writing -= batch.length
      onStored()
    }
    loop = undefined
  }

  return {
    add(fetched) {
      waiting.push(fetched)
      loop ??= run()
    },
    backlog: () => waiting.length + writing,
    async drain() {
      while (loop) await loop
    },
  }
}
