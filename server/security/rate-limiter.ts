/** Fixed-window counting per client (one minute by default), kept in the spend store: shared through Redis, in memory otherwise. */
import { ApiFailure } from '../errors.ts'
import type { AtomicOps } from '../spend/storage.ts'

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
  atomic: AtomicOps
  now?: () => number
  /** The 429 message, given the seconds to wait. */
  message: (retryAfterSeconds: number) => string
}

export function createRateLimiter({ name, limit, windowMs = 60_000, atomic, now = Date.now, message }: RateLimiterOptions): RateLimiter {
  const keyOf = (client: string, t: number) => `ratelimit:${name}:${encodeURIComponent(client).slice(0, 200)}:${Math.floor(t / windowMs)}`
  return {
    async take(client) {
      const t = now()
      const count = await atomic.hit(keyOf(client, t), windowMs * 2)
      if (count > limit) {
        const retryAfterSeconds = Math.max(1, Math.ceil(((Math.floor(t / windowMs) + 1) * windowMs - t) / 1000))
        throw new ApiFailure(429, 'rate_limited', message(retryAfterSeconds), { retryAfterSeconds })
      }
    },
    async refund(client) {
      await atomic.unhit(keyOf(client, now()))
    },
  }
}
