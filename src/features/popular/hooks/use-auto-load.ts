import { useCallback, useState } from 'react'

/** Pages loaded automatically per switch-on before auto-load pauses and asks again (docs/decisions/0050). */
export const AUTO_LOAD_PAGE_CAP = 20

type PagedFeed = {
  isPlaceholderData: boolean
  hasNextPage: boolean
  isFetchingNextPage: boolean
  isFetchNextPageError: boolean
  fetchNextPage: () => Promise<unknown>
}

/** Loads the next page as the list nears its end while `on`, pausing after AUTO_LOAD_PAGE_CAP pages. */
export function useAutoLoad(feed: PagedFeed, on: boolean) {
  const { isPlaceholderData, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = feed
  const [autoUsed, setAutoUsed] = useState(0)
  // Said once the cap's last page has arrived, not while it is still on its way.
  const autoPaused = on && autoUsed >= AUTO_LOAD_PAGE_CAP && !isFetchingNextPage

  const onNearEnd = useCallback(() => {
    if (
      !on ||
      isPlaceholderData ||
      !hasNextPage ||
      isFetchingNextPage ||
      isFetchNextPageError ||
      autoUsed >= AUTO_LOAD_PAGE_CAP
    )
      return
    setAutoUsed((n) => n + 1)
    void fetchNextPage()
  }, [on, isPlaceholderData, hasNextPage, isFetchingNextPage, isFetchNextPageError, autoUsed, fetchNextPage])

  const resetAuto = useCallback(() => setAutoUsed(0), [])

  return { autoUsed, autoPaused, onNearEnd, resetAuto }
}
