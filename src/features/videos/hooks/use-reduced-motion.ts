import { useSyncExternalStore } from 'react'

const QUERY = '(prefers-reduced-motion: reduce)'

// getSnapshot runs on every render of the transcript, and matchMedia builds a new list each time: keep one.
let cached: { matchMedia: typeof window.matchMedia; list: MediaQueryList } | undefined
function mediaQuery(): MediaQueryList | undefined {
  if (typeof window.matchMedia !== 'function') return undefined
  if (cached?.matchMedia !== window.matchMedia)
    cached = { matchMedia: window.matchMedia, list: window.matchMedia(QUERY) }
  return cached.list
}

function subscribe(onChange: () => void): () => void {
  const mql = mediaQuery()
  mql?.addEventListener('change', onChange)
  return () => mql?.removeEventListener('change', onChange)
}

/** True when the reader asked the system for less motion: scroll without animation. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => mediaQuery()?.matches ?? false,
    () => false,
  )
}
