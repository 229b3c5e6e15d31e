/** Paid answers kept in storage until they expire: a body with its content type, or a refusal worth remembering briefly. */
import { z } from 'zod'
import type { Storage } from 'unstorage'
import type { ErrorCode } from '../errors.ts'

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

export type ResponseCache = ReturnType<typeof createResponseCache>

export function createResponseCache(kv: Storage, now: () => number) {
  return {
    /** The live entry under key, or undefined; an expired or unreadable entry counts as absent. */
    async get(key: string): Promise<Cached | undefined> {
      const parsed = Stored.safeParse(await kv.getItem(key))
      if (!parsed.success) return undefined
      if (parsed.data.expiresAt <= now()) {
        void kv.removeItem(key).catch(() => undefined) // garbage collection only; a failure changes nothing
        return undefined
      }
      return parsed.data as Cached
    },
    /** Stores for ttlSeconds (Redis also expires it by itself; files and memory are checked on read). */
    async set(key: string, entry: Omit<CachedAnswer, 'storedAt' | 'expiresAt'> | Omit<CachedFailure, 'storedAt' | 'expiresAt'>, ttlSeconds: number): Promise<void> {
      if (ttlSeconds <= 0) return
      const storedAt = now()
      await kv.setItem(key, { ...entry, storedAt, expiresAt: storedAt + ttlSeconds * 1000 }, { ttl: ttlSeconds })
    },
  }
}
