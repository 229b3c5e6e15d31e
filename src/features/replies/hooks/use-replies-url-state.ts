import { useCallback, useState } from 'react'
import { useSearchParams } from 'react-router'
import { repliesSearchString, type RepliesViewState, parseRepliesSearch } from '#lib/urls/replies.ts'

export type RepliesUrlState = {
  state: RepliesViewState
  problems: string[]
  setState: (patch: Partial<RepliesViewState>, opts?: { replace?: boolean }) => void
}

/**
 * The view's state from the URL. Router navigations run as transitions, so a radio or select bound to the URL
 * alone would flip back until the navigation lands; the new state is shown at once and the URL follows.
 */
export function useRepliesUrlState(): RepliesUrlState {
  const [searchParams, setSearchParams] = useSearchParams()
  const search = searchParams.toString()
  const { state: fromUrl, problems } = parseRepliesSearch(searchParams)
  // Valid only while the URL is still the one it was set on: a landed navigation or the back button wins.
  const [pending, setPending] = useState<{ on: string; state: RepliesViewState }>()
  const state = pending && pending.on === search ? pending.state : fromUrl

  const setState = useCallback(
    (patch: Partial<RepliesViewState>, opts: { replace?: boolean } = {}) => {
      const next = { ...state, ...patch }
      setPending({ on: search, state: next })
      setSearchParams(new URLSearchParams(repliesSearchString(next)), { replace: opts.replace })
    },
    [state, search, setSearchParams],
  )
  return { state, problems, setState }
}
