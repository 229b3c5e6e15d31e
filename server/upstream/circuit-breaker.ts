/**
 * An instance-wide pause after the service answers 429: until its Retry-After has passed, every call is refused
 * here without reaching the service (concurrent callers retrying at once only collect more 429s).
 */
import { ApiFailure } from '../errors.ts'

/** The longest pause one answer can impose, so a wild Retry-After cannot stop the instance for days. */
export const MAX_PAUSE_SECONDS = 300

export type CircuitBreaker = {
  /** Seconds left of the pause; 0 when calls may go. */
  pausedForSeconds(): number
  /** The service asked to wait `seconds`: pause every call until then (never shortens a longer pause). */
  pause(seconds: number): void
  /** The refusal to throw while paused; undefined when calls may go. */
  refusal(): ApiFailure | undefined
}

export function createCircuitBreaker(now: () => number = Date.now): CircuitBreaker {
  let pausedUntil = 0
  const pausedForSeconds = () => Math.max(0, Math.ceil((pausedUntil - now()) / 1000))
  return {
    pausedForSeconds,
    pause(seconds) {
      if (!(seconds > 0)) return
      pausedUntil = Math.max(pausedUntil, now() + Math.min(seconds, MAX_PAUSE_SECONDS) * 1000)
    },
    refusal() {
      const seconds = pausedForSeconds()
      if (seconds === 0) return undefined
      return new ApiFailure(
        429,
        'rate_limited',
        `The data service asked this server to wait; retry in ${seconds} s.`,
        { retryAfterSeconds: seconds, charged: false },
      )
    },
  }
}
