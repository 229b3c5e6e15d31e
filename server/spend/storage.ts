/**
 * One key-value layer (unstorage) for the cache, the ledger and the budget: memory (CACHE_DIR=':memory:'),
 * files under CACHE_DIR on one machine, or Redis (REDIS_URL) shared by many serverless instances.
 * Counters that must never lose an update go through AtomicOps: Redis commands are atomic across
 * instances; on one process the counters live in memory (updated synchronously, so none is lost) and are
 * written to files behind them, one write per key at a time (so files are for ONE process: docs/decisions/0011, 0099).
 */
import type { Redis } from 'ioredis'
import { createStorage, type Storage } from 'unstorage'
import memoryDriver from 'unstorage/drivers/memory'
import redisDriver from 'unstorage/drivers/redis'
import { logFsDriver } from './log-fs-driver.ts'

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
  /**
   * Bookkeeping that may finish after the answer is sent (cache copies, records of free hits). On one
   * process it runs in the background and flush() waits for it; on Redis (serverless instances may be
   * frozen once they answer) it is awaited like any other write. Its failure is the step's own to report.
   */
  defer(step: () => Promise<unknown>): Promise<void>
  /** Resolves when every deferred step and counter write started so far has finished. */
  flush(): Promise<void>
  /** Finishes pending writes and closes connections (Redis); the data stays. */
  dispose(): Promise<void>
}

export type StoreOptions = { cacheDir: string; redisUrl?: string; log?: (line: string) => void }

export const MEMORY_DIR = ':memory:'
const REDIS_PREFIX = 'poix'

export function createSpendStore({ cacheDir, redisUrl, log = (l) => console.error(l) }: StoreOptions): SpendStore {
  if (redisUrl) return createRedisStore(redisUrl, log)
  const kind: StoreKind = cacheDir === MEMORY_DIR ? 'memory' : 'fs'
  // Ledger entries are many and rarely read (the newest 100 for /spend): they stay in the log only.
  const keepInMemory = (key: string, bytes: number) => bytes <= 4096 && !key.startsWith('ledger:')
  const kv = createStorage({ driver: kind === 'memory' ? memoryDriver() : logFsDriver({ base: cacheDir, keepInMemory }) })
  const background = createBackground(log)
  const atomic = localAtomicOps(kv, kind === 'fs', background)
  return {
    kind,
    kv,
    atomic,
    defer: (step) => (background.run(step), Promise.resolve()),
    flush: () => background.settled(),
    dispose: async () => {
      await background.settled()
      await kv.dispose()
    },
  }
}

const asNumber = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : 0)

function asFields(v: unknown): Record<string, number> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return {}
  return Object.fromEntries(Object.entries(v).map(([k, n]) => [k, asNumber(n)]))
}

type Background = { run(step: () => Promise<unknown>): Promise<void>; settled(): Promise<void> }

/** Work that outlives the request that started it: tracked so shutdown and reports can wait for it. */
function createBackground(log: (line: string) => void): Background {
  const running = new Set<Promise<void>>()
  return {
    run(step) {
      const done: Promise<void> = step().then(
        () => undefined,
        (e: unknown) => log(`[storage] a background write failed: ${e instanceof Error ? e.message : String(e)}`),
      )
      running.add(done)
      void done.finally(() => running.delete(done))
      return done
    },
    async settled() {
      while (running.size) await Promise.all([...running])
    },
  }
}

type Deferred = { promise: Promise<void>; resolve(): void; reject(e: unknown): void }
function deferred(): Deferred {
  let resolve!: () => void
  let reject!: (e: unknown) => void
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)))
  promise.catch(() => undefined) // the caller that asked for this write observes it
  return { promise, resolve, reject }
}

const copyOf = (v: unknown): unknown => (Array.isArray(v) ? [...v] : typeof v === 'object' && v !== null ? { ...v } : v)

/**
 * One process: each counter is read from storage once, then changed in memory (synchronously, so no update
 * is lost and no queue serialises requests) and written behind. An update resolves once a write that
 * includes it has finished; updates that arrive during a write share the next one.
 */
function localAtomicOps(kv: Storage, durable: boolean, background: Background): AtomicOps {
  const values = new Map<string, unknown>()
  const loading = new Map<string, Promise<void>>()
  const writers = new Map<string, { next?: Deferred }>()

  async function load(key: string): Promise<void> {
    if (values.has(key)) return
    let pending = loading.get(key)
    if (!pending) {
      pending = (async () => {
        const stored = durable ? await kv.getItem(key) : undefined
        if (!values.has(key)) values.set(key, stored)
      })().finally(() => loading.delete(key))
      loading.set(key, pending)
    }
    await pending
  }

  function persist(key: string): Promise<void> {
    if (!durable) return Promise.resolve()
    const writer = writers.get(key)
    if (writer) return (writer.next ??= deferred()).promise
    const first = deferred()
    const state: { next?: Deferred } = {}
    writers.set(key, state)
    void background.run(async () => {
      for (let round: Deferred | undefined = first; round; round = state.next, state.next = undefined) {
        try {
          await kv.setItem(key, copyOf(values.get(key)) as never)
          round.resolve()
        } catch (e) {
          round.reject(e)
        }
      }
      writers.delete(key)
    })
    return first.promise
  }

  /** Applies change to the loaded value at once, then waits for it to be written. */
  async function update<T>(key: string, change: (current: unknown) => { value: unknown; result: T } | { result: T }): Promise<T> {
    await load(key)
    const outcome = change(values.get(key))
    if (!('value' in outcome)) return outcome.result
    values.set(key, outcome.value)
    await persist(key)
    return outcome.result
  }

  const windows = new Map<string, { count: number; expiresAt: number }>()
  const pruneWindows = (now: number) => {
    for (const [k, w] of windows) if (w.expiresAt <= now) windows.delete(k)
  }
  return {
    incrBy: (key, delta) =>
      update(key, (v) => {
        const value = asNumber(v) + delta
        return { value, result: value }
      }),
    get: async (key) => (await load(key), asNumber(values.get(key))),
    addWithinCap: (key, amount, cap) =>
      update<{ added: boolean; value: number }>(key, (v) => {
        const current = asNumber(v)
        if (cap >= 0 && current + amount > cap) return { result: { added: false, value: current } }
        return { value: current + amount, result: { added: true, value: current + amount } }
      }),
    addToFields: (key, deltas) =>
      update(key, (v) => {
        const fields = asFields(v)
        for (const [f, d] of Object.entries(deltas)) fields[f] = (fields[f] ?? 0) + d
        return { value: fields, result: undefined }
      }),
    readFields: async (key) => (await load(key), asFields(values.get(key))),
    addMember: (key, member) =>
      update(key, (v) => {
        const members = Array.isArray(v) ? v.map(String) : []
        return members.includes(member) ? { result: undefined } : { value: [...members, member], result: undefined }
      }),
    members: async (key) => {
      await load(key)
      const list = values.get(key)
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
  // Serverless instances may be frozen once they answer: deferred bookkeeping is awaited here.
  return { kind: 'redis', kv, atomic, defer: async (step) => void (await step()), flush: async () => undefined, dispose: () => kv.dispose() }
}
