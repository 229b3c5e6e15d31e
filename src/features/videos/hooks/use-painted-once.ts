import { useEffect, useState } from 'react'

/**
 * False until a frame has been painted while `ready` was true, then true for good. Secondary panels (downloads
 * with their price quotes, the speech-rate chart) mount behind it, so the transcript of a long track is on
 * screen before their work starts rather than after.
 */
export function usePaintedOnce(ready: boolean): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    if (!ready || painted) return
    let cancelled = false
    const done = () => {
      if (!cancelled) setPainted(true)
    }
    // A task queued from an animation frame callback runs after that frame is painted.
    const afterPaint = () => {
      const channel = new MessageChannel()
      channel.port1.onmessage = () => {
        channel.port1.close()
        done()
      }
      channel.port2.postMessage(undefined)
    }
    if (typeof requestAnimationFrame !== 'function') {
      const timer = setTimeout(done, 0)
      return () => clearTimeout(timer)
    }
    const frame = requestAnimationFrame(afterPaint)
    return () => {
      cancelled = true
      cancelAnimationFrame(frame)
    }
  }, [ready, painted])
  return painted
}
