/** A setting kept in this browser's localStorage, read alike by every component and updated across tabs. */
import { useSyncExternalStore } from 'react'

export type StoredSetting<T> = {
  /** The stored value; missing, unreadable or storage unavailable: whatever `parse(null)` says. */
  read: () => T
  write: (value: T) => void
  /** The value, re-rendering when this tab or another changes it. */
  useValue: () => T
}

/** `serialise` returning null removes the key. */
export function storedSetting<T>(
  key: string,
  parse: (raw: string | null) => T,
  serialise: (value: T) => string | null,
): StoredSetting<T> {
  const listeners = new Set<() => void>()
  let memory: { value: T } | undefined

  function read(): T {
    try {
      return parse(globalThis.localStorage?.getItem(key) ?? null)
    } catch {
      return parse(null) // storage unavailable
    }
  }

  function write(value: T): void {
    try {
      const raw = serialise(value)
      if (raw === null) globalThis.localStorage?.removeItem(key)
      else globalThis.localStorage?.setItem(key, raw)
    } catch {
      // storage unavailable: the change holds until the page is reloaded
    }
    memory = { value }
    listeners.forEach((l) => l())
  }

  function subscribe(listener: () => void): () => void {
    listeners.add(listener)
    // Another tab changed it.
    const onStorage = (e: StorageEvent) => {
      if (e.key === key) {
        memory = undefined
        listener()
      }
    }
    globalThis.addEventListener?.('storage', onStorage)
    return () => {
      listeners.delete(listener)
      globalThis.removeEventListener?.('storage', onStorage)
    }
  }

  const snapshot = () => (memory ??= { value: read() }).value
  return { read, write, useValue: () => useSyncExternalStore(subscribe, snapshot, snapshot) }
}
