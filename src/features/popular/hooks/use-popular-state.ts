import { useCallback } from 'react'
import { popularSearchParams, type PopularState } from '../lib/popular-search.ts'
import { useUrlDraft } from './use-url-draft.ts'

/** The canonical query string of a state: equal states, equal keys. */
export const popularStateKey = (s: PopularState): string => popularSearchParams(s).toString()

/** The view's filters and settings: shown at once, written to the URL as they change. */
export function usePopularState(fromUrl: PopularState, writeUrl: (next: PopularState) => void) {
  const [state, setState] = useUrlDraft(fromUrl, popularStateKey)
  const onStateChange = useCallback(
    (next: PopularState) => {
      setState(next)
      writeUrl(next)
    },
    [setState, writeUrl],
  )
  return [state, onStateChange] as const
}
