/** Fixed-window counting per client (one minute by default) in the database's rate_windows, so every instance shares the same windows. */
import { num, type Database } from '../db/database.ts'
import { ApiFailure } from '../errors.ts'

export type RateLimiter = {
  /** Counts one attempt; throws 429 rate_limited with Retry-After when the client is over the limit. */
  take(client: string): Promise<void>
  /** Un-counts an attempt that turned out not to count (a correct password). */
  refund(client: string): Promise<void>
}

export type RateLimiterOptions = {
  name: string
  limit: number
  windowMs?: number
  db: Database
  now?: () => number
  /** The 429 message, given the seconds to wait. */
  message: (retryAfterSeconds: number) => string
}

export function createRateLimiter({
  name,
  limit,
  windowMs = 60_000,
  db,
  now = Date.now,
  message,
}: RateLimiterOptions): RateLimiter {
  const clientOf = (client: string) => client.slice(0, 200)
  const windowOf = (t: number) => Math.floor(t / windowMs) * windowMs
  let lastSweep = 0
  return {
    async take(client) {
      const t = now()
      const start = windowOf(t)
      const [row] = await db.query<{ count: unknown }>(
        `INSERT INTO rate_windows (name, client, window_start, count) VALUES ($1, $2, $3, 1)
         ON CONFLICT (name, client, window_start) DO UPDATE SET count = rate_windows.count + 1 RETURNING count`,
        [name, clientOf(client), start],
      )
      if (start > lastSweep) {
        // Past windows are of no use: dropped once per window, by whichever request opens it.
        lastSweep = start
        void db
          .query('DELETE FROM rate_windows WHERE name = $1 AND window_start < $2', [name, start - windowMs])
          .catch(() => undefined)
      }
      if (num(row?.count) > limit) {
        const retryAfterSeconds = Math.max(1, Math.ceil((start + windowMs - t) / 1000))
        throw new ApiFailure(429, 'rate_limited', message(retryAfterSeconds), { retryAfterSeconds })
      }
    },
    async refund(client) {
      await db.query(
        'UPDATE rate_windows SET count = count - 1 WHERE name = $1 AND client = $2 AND window_start = $3 AND count > 0',
        [name, clientOf(client), windowOf(now())],
      )
    },
  }
}
