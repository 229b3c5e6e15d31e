/**
 * Changes to a view kept in the URL (a filter, a sort), each built on the last change still on its way there rather
 * than on the URL as last rendered: a router navigation commits later, so typing a filter and at once picking a sort
 * would otherwise put the sort on the old filter and lose the new one.
 */
import { useCallback, useEffect, useRef } from 'react'

export function useViewChanges<V extends Record<string, unknown>>(
  shown: V,
  commit: (view: V) => void,
): (change: Partial<V>) => void {
  const issued = useRef<V[]>([])
  const shownKey = JSON.stringify(shown)
  useEffect(() => {
    const at = issued.current.findIndex((v) => JSON.stringify(v) === shownKey)
    // An earlier change is shown: the later ones are still on their way. Anything else (back, a link): none is.
    issued.current = at >= 0 ? issued.current.slice(at + 1) : []
  }, [shownKey])
  const latest = useRef(shown)
  useEffect(() => {
    latest.current = shown
  })
  return useCallback(
    (change: Partial<V>) => {
      const view = { ...(issued.current.at(-1) ?? latest.current), ...change }
      issued.current.push(view)
      commit(view)
    },
    [commit],
  )
}
