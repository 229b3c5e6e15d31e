/**
 * Free cache hits, counted per day, source and operation. A hit costs nothing, so it is counted in memory and
 * written in batches (one upsert per day and operation, every second or before a report): 50,000 hits write a
 * handful of rows, and a crash loses at most a second of free-hit counts, never a record of money.
 */
import type { Operation } from '#contract/index.ts'
import type { Database } from '../db/database.ts'
import { dayOf } from './money.ts'

export type HitTallies = ReturnType<typeof createHitTallies>

export function createHitTallies({ db, source, now }: { db: Database; source: string; now: () => number }) {
  let pending = new Map<string, { day: string; operation: Operation; hits: number; savedMicro: number }>()
  let writing: Promise<void> = Promise.resolve()

  async function write(batch: typeof pending): Promise<void> {
    if (!batch.size) return
    const rows = [...batch.values()]
    await db.query(
      `INSERT INTO hit_tallies (day, source, operation, hits, saved_micro)
       SELECT d, $1, o, h, s FROM unnest($2::text[], $3::text[], $4::bigint[], $5::bigint[]) AS t(d, o, h, s)
       ON CONFLICT (day, source, operation) DO UPDATE SET hits = hit_tallies.hits + EXCLUDED.hits, saved_micro = hit_tallies.saved_micro + EXCLUDED.saved_micro`,
      [
        source,
        rows.map((r) => r.day),
        rows.map((r) => r.operation),
        rows.map((r) => r.hits),
        rows.map((r) => r.savedMicro),
      ],
    )
  }

  return {
    /** Counts `times` free answers (one by default), each saving savedMicro. */
    count(operation: Operation, savedMicro: number, times = 1): void {
      if (times <= 0) return
      const day = dayOf(now())
      const k = `${day}|${operation}`
      const t = pending.get(k)
      if (t) {
        t.hits += times
        t.savedMicro += savedMicro * times
      } else pending.set(k, { day, operation, hits: times, savedMicro: savedMicro * times })
    },
    /** Writes what was counted; a batch that fails is put back for the next flush. */
    flush(): Promise<void> {
      const batch = pending
      pending = new Map()
      writing = writing.then(() =>
        write(batch).catch((e: unknown) => {
          for (const [k, t] of batch) {
            const now = pending.get(k)
            if (now) {
              now.hits += t.hits
              now.savedMicro += t.savedMicro
            } else pending.set(k, t)
          }
          throw e
        }),
      )
      const done = writing
      writing = writing.catch(() => undefined)
      return done
    },
    unwritten: () => [...pending.values()].reduce((n, t) => n + t.hits, 0),
  }
}
