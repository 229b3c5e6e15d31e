import { useCallback, useEffect, useRef, useState } from 'react'

/**
 * Local state in front of state that lives in the URL. A router navigation settles asynchronously, so inputs
 * controlled by the URL alone would revert what was just typed (lost keystrokes, a checkbox that won't tick).
 * Changes show at once here; the URL catches up; a URL change that we did not make (address bar, history)
 * replaces the draft. `keyOf` must give equal keys for equal states (e.g. their canonical query string).
 */
export function useUrlDraft<T>(fromUrl: T, keyOf: (value: T) => string): [T, (next: T) => void] {
  const [draft, setDraft] = useState(fromUrl)
  const pending = useRef<string[]>([])
  const urlKey = keyOf(fromUrl)

  useEffect(() => {
    const i = pending.current.indexOf(urlKey)
    if (i >= 0) {
      // The URL has caught up with one of our own changes (and every one before it).
      pending.current.splice(0, i + 1)
      return
    }
    pending.current = []
    setDraft(fromUrl)
    // `fromUrl` is derived from the URL, as `urlKey` is: the key alone says when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlKey])

  const update = useCallback(
    (next: T) => {
      pending.current.push(keyOf(next))
      setDraft(next)
    },
    [keyOf],
  )
  return [draft, update]
}
