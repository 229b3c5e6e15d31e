/**
 * The browser keeps the query cache in IndexedDB, so a reload shows what was already paid for instead of fetching it again.
 * Imported by use-query-persistence.ts, not statically (docs/decisions/0099); the views' queries wait for its restore.
 */
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import type { QueryClient } from '@tanstack/react-query'
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client'
import { createStore, del, get, set, type UseStore } from 'idb-keyval'

/** A week: the longest the function caches anything (captions), so older answers would be refetched anyway. */
const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60_000

/**
 * Live state that must be asked for fresh: prices, spend, server status, sign-in; errors are never kept either.
 * Nor the map's country outlines: built from bundled data for free, and large enough that saving them with every
 * change of the cache would cost the page more than rebuilding them.
 */
const NOT_PERSISTED = new Set(['quote', 'spend', 'health', 'session', 'basemap'])

/** Structural: what shouldPersistQuery reads of a Query (tests pass plain objects). */
type PersistableQuery = { queryKey: readonly unknown[]; state: { status: string } }

export function shouldPersistQuery(query: PersistableQuery): boolean {
  return query.state.status === 'success' && !NOT_PERSISTED.has(String(query.queryKey[0]))
}

let store: UseStore | undefined
function idbStore(): UseStore {
  store ??= createStore('poix-dashboard', 'query-cache')
  return store
}

/** Persistence is best effort: private windows and full disks must not break the dashboard. */
const idbStorage = {
  getItem: async (key: string): Promise<string | null> => {
    try {
      return (await get<string>(key, idbStore())) ?? null
    } catch {
      return null
    }
  },
  setItem: async (key: string, value: string): Promise<void> => {
    try {
      await set(key, value, idbStore())
    } catch {
      // quota or a blocked database: keep working from memory
    }
  },
  removeItem: async (key: string): Promise<void> => {
    try {
      await del(key, idbStore())
    } catch {
      // nothing to remove
    }
  },
}

const PERSIST_KEY = 'poix.query-cache'

/** Deletes the persisted cache (signing out): the next person at this computer starts from nothing. */
export async function forgetPersistedQueries(): Promise<void> {
  if (typeof indexedDB !== 'undefined') await idbStorage.removeItem(PERSIST_KEY)
}

/** Options for the persister; without IndexedDB (tests, old browsers) nothing is persisted. */
function queryPersistOptions(version: string): Omit<PersistQueryClientOptions, 'queryClient'> {
  const storage = typeof indexedDB === 'undefined' ? undefined : idbStorage
  return {
    persister: createAsyncStoragePersister({ storage, key: PERSIST_KEY }),
    maxAge: PERSIST_MAX_AGE_MS,
    // A new version may change what a query returns: start from an empty cache.
    buster: version,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
  }
}

/**
 * Puts the persisted answers back into queryClient, then saves the cache whenever it changes (what
 * PersistQueryClientProvider does). Resolves when the restore is over, even when it failed (a broken cache is
 * discarded); returns the unsubscribe of the saving.
 */
export async function restoreThenPersist(queryClient: QueryClient, version: string): Promise<() => void> {
  const options = { ...queryPersistOptions(version), queryClient }
  try {
    await persistQueryClientRestore(options)
  } catch {
    // the persister has removed what it could not read: start from an empty cache
  }
  return persistQueryClientSubscribe(options)
}
