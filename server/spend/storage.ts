/**
 * One key-value layer (unstorage) for the cache, the ledger and the budget: memory (CACHE_DIR=':memory:'),
 * files under CACHE_DIR on one machine, or Redis (REDIS_URL) shared by many serverless instances.
 * Counters that must never lose an update go through AtomicOps: Redis commands are atomic across
 * instances; in-process updates are serialised (so files are for ONE process: docs/decisions/0011).
 */
import type { Redis } from 'ioredis'
import { createStorage, type Storage } from 'unstorage'
import memoryDriver from 'unstorage/drivers/memory'
import redisDriver from 'unstorage/drivers/redis'
import { atomicFsDriver } from './atomic-fs-driver.ts'

export type StoreKind = 'memory' | 'fs' | 'redis'

/** Updates that must stay exact when many requests run at once. Amounts are whole numbers. */
export type AtomicOps = {
  incrBy(key: string, delta: number): Promise<number>
  get(key: string): Promise<number>
  /** Adds amount unless the counter would then pass cap (cap < 0: no cap). */
  addWithinCap(key: string, amount: number, cap: number): Promise<{ added: boolean; value: number }>
  /** Adds to named whole-number fields of one record (a Redis hash) in one step. */
  addToFields(key: string, deltas: Record<string, number>): Promise<void>
  readFields(key: string): Promise<Record<string, number>>
  addMember(key: string, member: string): Promise<void>
  members(key: string): Promise<string[]>
  /** Counts one event under key, forgotten after ttlMs (rate-limit windows); returns the count. */
  hit(key: string, ttlMs: number): Promise<number>
  unhit(key: string): Promise<void>
}

export type SpendStore = {
  kind: StoreKind
  kv: Storage
  atomic: AtomicOps
  /** Closes connections (Redis); the data stays. */
  dispose(): Promise<void>
}

export type StoreOptions = { cacheDir: string; redisUrl?: string; log?: (line: string) => void }

export const MEMORY_DIR = ':memory:'
const REDIS_PREFIX = 'poix'

export function createSpendStore({ cacheDir, redisUrl, log = (l) => console.error(l) }: StoreOptions): SpendStore {
  if (redisUrl) return createRedisStore(redisUrl, log)
  const kind: StoreKind = cacheDir === MEMORY_DIR ? 'memory' : 'fs'
  const kv = createStorage({ driver: kind === 'memory' ? memoryDriver() : atomicFsDriver({ base: cacheDir }) })
  return { kind, kv, atomic: localAtomicOps(kv), dispose: () => kv.dispose() }
}

const asNumber = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : 0)

function asFields(v: unknown): Record<string, number> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return {}
  return Object.fromEntries(Object.entries(v).map(([k, n]) => [k, asNumber(n)]))
}

/** One process: every read-modify-write runs after the previous one, so none is lost. */
function localAtomicOps(kv: Storage): AtomicOps {
  let queue: Promise<unknown> = Promise.resolve()
  const serial = <T>(step: () => Promise<T>): Promise<T> => {
    const run = queue.then(step)
    queue = run.catch(() => undefined)
    return run
  }
  const windows = new Map<string, { count: number; expiresAt: number }>()
  const pruneWindows = (now: number) => {
    for (const [k, w] of windows) if (w.expiresAt <= now) windows.delete(k)
  }
  return {
    incrBy: (key, delta) =>
      serial(async () => {
        const value = asNumber(await kv.getItem(key)) + delta
        await kv.setItem(key, value)
        return value
      }),
    get: async (key) => asNumber(await kv.getItem(key)),
    addWithinCap: (key, amount, cap) =>
      serial(async () => {
        const current = asNumber(await kv.getItem(key))
        if (cap >= 0 && current + amount > cap) return { added: false, value: current }
        await kv.setItem(key, current + amount)
        return { added: true, value: current + amount }
      }),
    addToFields: (key, deltas) =>
      serial(async () => {
        const fields = asFields(await kv.getItem(key))
        for (const [f, d] of Object.entries(deltas)) fields[f] = (fields[f] ?? 0) + d
        await kv.setItem(key, fields)
      }),
    readFields: async (key) => asFields(await kv.getItem(key)),
    addMember: (key, member) =>
      serial(async () => {
        const list = await kv.getItem(key)
        const members = Array.isArray(list) ? list.map(String) : []
        if (!members.includes(member)) await kv.setItem(key, [...members, member])
      }),
    members: async (key) => {
      const list = await kv.getItem(key)
      return Array.isArray(list) ? list.map(String) : []
    },
    hit: async (key, ttlMs) => {
      const now = Date.now()
      if (windows.size > 10_000) pruneWindows(now)
      const w = windows.get(key)
      if (!w || w.expiresAt <= now) {
        windows.set(key, { count: 1, expiresAt: now + ttlMs })
        return 1
      }
      return ++w.count
    },
    unhit: async (key) => {
      const w = windows.get(key)
      if (w && w.count > 0) w.count--
    },
  }
}

/** Adds amount to KEYS[1] unless that passes ARGV[2] (negative: no cap); atomic in Redis. */
const ADD_WITHIN_CAP = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local amount = tonumber(ARGV[1])
local cap = tonumber(ARGV[2])
if cap >= 0 and current + amount > cap then return {0, current} end
return {1, redis.call('INCRBY', KEYS[1], amount)}`

function createRedisStore(url: string, log: (line: string) => void): SpendStore {
  // Few retries per command: a request should fail clearly rather than hang while Redis is down.
  const driver = redisDriver({ url, base: REDIS_PREFIX, maxRetriesPerRequest: 2 })
  const kv = createStorage({ driver })
  const redis = driver.getInstance!() as Redis
  let lastError = ''
  redis.on('error', (e: Error) => {
    if (e.message !== lastError) log(`[storage] Redis: ${e.message}`)
    lastError = e.message
  })
  const k = (key: string) => `${REDIS_PREFIX}:${key}`
  const atomic: AtomicOps = {
    incrBy: (key, delta) => redis.incrby(k(key), delta),
    get: async (key) => asNumber(await redis.get(k(key))),
    addWithinCap: async (key, amount, cap) => {
      const [added, value] = (await redis.eval(ADD_WITHIN_CAP, 1, k(key), amount, cap)) as [number, number]
      return { added: added === 1, value: asNumber(value) }
    },
    addToFields: async (key, deltas) => {
      const tx = redis.multi()
      for (const [f, d] of Object.entries(deltas)) tx.hincrby(k(key), f, d)
      const results = await tx.exec()
      const failed = results?.find(([err]) => err)
      if (!results || failed) throw failed?.[0] ?? new Error('Redis discarded the update.')
    },
    readFields: async (key) => asFields(await redis.hgetall(k(key))),
    addMember: async (key, member) => {
      await redis.sadd(k(key), member)
    },
    members: (key) => redis.smembers(k(key)),
    hit: async (key, ttlMs) => {
      const results = await redis.multi().incr(k(key)).pexpire(k(key), ttlMs, 'NX').exec()
      return asNumber(results?.[0]?.[1])
    },
    unhit: async (key) => {
      await redis.decr(k(key))
    },
  }
  return { kind: 'redis', kv, atomic, dispose: () => kv.dispose() }
}
