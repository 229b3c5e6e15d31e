/** Seconds left until a moment fixed when `seconds` was first given, ticking once a second (for Retry-After). */
import { useEffect, useState } from 'react'
import { secondsLeft } from './failure-advice.ts'

/** `key` restarts the countdown (a new failure); `seconds` undefined: no countdown (0). */
export function useCountdown(seconds: number | undefined, key: unknown): number {
  const [until, setUntil] = useState<{ key: unknown; at: number } | undefined>()
  const [now, setNow] = useState(() => Date.now())
  // A new failure fixes a new deadline; set during render so the first paint already counts down.
  if (seconds !== undefined && until?.key !== key) {
    const at = Date.now()
    setUntil({ key, at: at + seconds * 1000 })
    setNow(at)
  }
  const left = until && seconds !== undefined ? secondsLeft(until.at, now) : 0
  useEffect(() => {
    if (left <= 0) return
    const timer = setTimeout(() => setNow(Date.now()), Math.min(1000, left * 1000))
    return () => clearTimeout(timer)
  }, [left, now])
  return left
}
