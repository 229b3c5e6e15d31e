/**
 * Paid answers kept until they expire: a body with its content type, or a refusal worth remembering briefly.
 * Recent entries stay in memory (a least-recently-used set bounded in bytes), so a hit reads no file and
 * parses no JSON; storage holds every entry for restarts and, with Redis, for other instances. In memory
 * mode the in-memory set is the only copy. docs/decisions/0110.
 */
import { LRUCache } from 'lru-cache'
import { z } from 'zod'
import type { ErrorCode } from '../errors.ts'
import type { SpendStore } from './storage.ts'

const Stored = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('answer'), body: z.string(), contentType: z.string(), bytes: z.number(), storedAt: z.number(), expiresAt: z.number() }),
  z.object({
    kind: z.literal('failure'),
    status: z.number().int(),
    code: z.string(),
    message: z.string(),
    param: z.string().optional(),
    storedAt: z.number(),
    expiresAt: z.number(),
  }),
])

export type CachedAnswer = { kind: 'answer'; body: string; contentType: string; bytes: number; storedAt: number; expiresAt: number }
export type CachedFailure = { kind: 'failure'; status: number; code: ErrorCode; message: string; param?: string; storedAt: number; expiresAt: number }
export type Cached = CachedAnswer | CachedFailure
type NewEntry = Omit<CachedAnswer, 'storedAt' | 'expiresAt'> | Omit<CachedFailure, 'storedAt' | 'expiresAt'>

export const DEFAULT_MEMORY_BYTES = 64 * 1024 * 1024

/** Bytes an entry holds in memory, roughly: its strings at two bytes a character, plus the record. */
const sizeOf = (e: Cached): number => 256 + 2 * (e.kind === 'answer' ? e.body.length + e.contentType.length : e.message.length)

export type ResponseCache = ReturnType<typeof createResponseCache>

export function createResponseCache(store: Pick<SpendStore, 'kind' | 'kv' | 'defer'>, now: () => number, memoryBytes = DEFAULT_MEMORY_BYTES) {
  const { kv } = store
  const recent = new LRUCache<string, Cached>({ maxSize: Math.max(1, memoryBytes), sizeCalculation: sizeOf })
  const live = (e: Cached | undefined) => (e && e.expiresAt > now() ? e : undefined)

  return {
    /** The live entry under key, or undefined; an expired or unreadable entry counts as absent. */
    async get(key: string): Promise<Cached | undefined> {
      const remembered = recent.get(key)
      if (remembered) {
        if (live(remembered)) return remembered
        recent.delete(key)
      }
      if (store.kind === 'memory') return undefined
      const parsed = Stored.safeParse(await kv.getItem(key))
      if (!parsed.success) return undefined
      const entry = parsed.data as Cached
      if (!live(entry)) {
        void kv.removeItem(key).catch(() => undefined) // garbage collection only; a failure changes nothing
        return undefined
      }
      recent.set(key, entry)
      return entry
    },
    /**
     * Remembers at once (so requests that follow find it), then stores for ttlSeconds: the copy in storage
     * may land after the answer is sent (Redis also expires it by itself; files are checked on read).
     */
    set(key: string, entry: NewEntry, ttlSeconds: number): Promise<void> {
      if (ttlSeconds <= 0) return Promise.resolve()
      const storedAt = now()
      const stored = { ...entry, storedAt, expiresAt: storedAt + ttlSeconds * 1000 } as Cached
      recent.set(key, stored)
      if (store.kind === 'memory') return Promise.resolve()
      return store.defer(() => kv.setItem(key, stored, { ttl: ttlSeconds }))
    },
  }
}
