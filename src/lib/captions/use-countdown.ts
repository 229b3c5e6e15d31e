/** Seconds left until `seconds` after `since` (epoch ms), ticking once a second; 0 once over. */
import { useEffect, useState } from 'react'

export function useCountdown(since: number, seconds: number | undefined): number {
  const left = () =>
    seconds === undefined ? 0 : Math.max(0, Math.ceil(seconds - (Date.now() - since) / 1000))
  const [remaining, setRemaining] = useState(left)
  useEffect(() => {
    setRemaining(left())
    if (seconds === undefined) return
    const timer = setInterval(() => {
      const next = left()
      setRemaining(next)
      if (next === 0) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `left` reads only since and seconds
  }, [since, seconds])
  return remaining
}
