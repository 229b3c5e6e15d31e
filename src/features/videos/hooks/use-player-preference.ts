import { useCallback, useSyncExternalStore } from 'react'

const KEY = 'poix.captions.embedded-player'
const listeners = new Set<() => void>()
// Used when storage is unavailable (private mode): the choice then lasts until reload.
let inMemory = true

function read(): boolean {
  try {
    const stored = globalThis.localStorage?.getItem(KEY)
    return stored === null || stored === undefined ? inMemory : stored !== 'off'
  } catch {
    return inMemory
  }
}

/** Whether the reader allows the platform's embedded player (a preference of this browser, not of a link). */
export function usePlayerPreference(): [boolean, (on: boolean) => void] {
  const enabled = useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => void listeners.delete(l)
    },
    read,
    () => true,
  )
  const set = useCallback((on: boolean) => {
    inMemory = on
    try {
      globalThis.localStorage?.setItem(KEY, on ? 'on' : 'off')
    } catch {
      // storage unavailable: inMemory keeps the choice
    }
    listeners.forEach((l) => l())
  }, [])
  return [enabled, set]
}
