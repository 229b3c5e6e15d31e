/** Restores the persisted query cache without putting the persistence code in the first load; paid queries wait for it. */
import { useEffect, useState } from 'react'
import type { QueryClient } from '@tanstack/react-query'

/** Without IndexedDB (tests, some private windows) there is nothing to restore and queries run at once. */
function canPersistQueries(): boolean {
  return typeof indexedDB !== 'undefined'
}

export type Restore = { done: Promise<void>; settled: boolean }

/**
 * Starts putting the persisted answers back into queryClient, and keeps saving them from then on. Call it once,
 * before the first render: the import (persister, idb-keyval, hydration: kept out of the first load, docs/decisions/0099)
 * and the IndexedDB read overlap React's start. `done` resolves when queries may run, also when the restore or
 * the import failed (then the dashboard works from memory).
 */
export function startQueryPersistence(queryClient: QueryClient, version: string): Restore {
  if (!canPersistQueries()) return { done: Promise.resolve(), settled: true }
  const restore: Restore = {
    settled: false,
    done: import('./query-persistence.ts')
      .then(({ restoreThenPersist }) => restoreThenPersist(queryClient, version))
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        restore.settled = true
      }),
  }
  return restore
}

/**
 * True until the restore is over. Give it to IsRestoringProvider around the views: while it is true,
 * useQuery/useInfiniteQuery do not fetch, so an answer already paid for is restored rather than bought again.
 */
export function useIsRestoring(restore: Restore): boolean {
  const [restoring, setRestoring] = useState(!restore.settled)
  useEffect(() => {
    let active = true
    void restore.done.then(() => {
      if (active) setRestoring(false)
    })
    return () => {
      active = false
    }
  }, [restore])
  return restoring
}
