/** The browser keeps the query cache in IndexedDB, so a reload shows what was already paid for instead of fetching it again. */
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client'
import { createStore, del, get, set, type UseStore } from 'idb-keyval'

/** A week: the longest the function caches anything (captions), so older answers would be refetched anyway. */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60_000

/** Live state that must be asked for fresh: prices, spend, server status, sign-in; errors are never kept either. */
const NOT_PERSISTED = new Set(['quote', 'spend', 'health', 'session'])

/** Structural type: the persister is built on its own copy of query-core, so `Query` classes differ by version. */
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

/** Options for PersistQueryClientProvider; without IndexedDB (tests, old browsers) nothing is persisted. */
export function queryPersistOptions(version: string): Omit<PersistQueryClientOptions, 'queryClient'> {
  const storage = typeof indexedDB === 'undefined' ? undefined : idbStorage
  return {
    persister: createAsyncStoragePersister({ storage, key: PERSIST_KEY }),
    maxAge: PERSIST_MAX_AGE_MS,
    // A new version may change what a query returns: start from an empty cache.
    buster: version,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
  }
}
