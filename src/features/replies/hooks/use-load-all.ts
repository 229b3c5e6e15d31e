import { useCallback, useEffect, useRef, useState } from 'react'
import type { InfiniteData, InfiniteQueryObserverResult } from '@tanstack/react-query'

type FetchNext<TData> = (options?: {
  cancelRefetch?: boolean
}) => Promise<InfiniteQueryObserverResult<InfiniteData<TData>>>

export type LoadAll<TData> = {
  running: boolean
  stopping: boolean
  /** Fetches page after page until the last one, a failure, a stop, or `until` says enough. */
  start: (until?: (data: InfiniteData<TData>) => boolean) => Promise<void>
  /** Stops after the page in flight (it is paid for already, so it is kept). */
  stop: () => void
  /** Continues the last run from the page that failed; the pages already loaded stay. */
  resume: () => Promise<void>
  /** Whether the last run ended on a failed page. */
  failed: boolean
  /** Whether "load all" was started in this view (the progress bar stays to show the result). */
  started: boolean
}

/**
 * "Load all" over an infinite query: fetchNextPage in a loop. A failed page leaves the infinite query's
 * pages as they were; fetchNextPage again asks for the same page (the last page's nextPageToken).
 */
export function useLoadAll<TData>(fetchNextPage: FetchNext<TData>, hasNextPage: boolean): LoadAll<TData> {
  const [running, setRunning] = useState(false)
  const [stopping, setStopping] = useState(false)
  const [failed, setFailed] = useState(false)
  const [started, setStarted] = useState(false)
  const stopRequested = useRef(false)
  const busy = useRef(false)
  const lastUntil = useRef<((data: InfiniteData<TData>) => boolean) | undefined>(undefined)

  useEffect(
    () => () => {
      stopRequested.current = true // leaving the view ends the loop
    },
    [],
  )

  const start = useCallback(
    async (until?: (data: InfiniteData<TData>) => boolean) => {
      if (busy.current) return
      busy.current = true
      stopRequested.current = false
      lastUntil.current = until
      setRunning(true)
      setStarted(true)
      setStopping(false)
      setFailed(false)
      try {
        for (;;) {
          if (stopRequested.current) break
          const result = await fetchNextPage({ cancelRefetch: false })
          if (result.isFetchNextPageError || result.isError) {
            setFailed(true)
            break
          }
          if (!result.hasNextPage || (until && result.data && until(result.data))) break
        }
      } finally {
        busy.current = false
        setRunning(false)
        setStopping(false)
      }
    },
    [fetchNextPage],
  )

  const stop = useCallback(() => {
    stopRequested.current = true
    setStopping(true)
  }, [])

  const resume = useCallback(() => start(lastUntil.current), [start])

  return { running, stopping, start, stop, resume, failed: failed && hasNextPage, started }
}
