import { expect, it } from 'vitest'
import { describeOnEngines } from '../testing/postgres-cluster.ts'
import { createResponseCache, encodeEntry, type NewEntry } from './response-cache.ts'
import {
  lastingStorage,
  serviceAnswer,
  spendHarness,
  testClock,
  type HarnessOptions,
} from '../testing/spend-harness.ts'

const SOURCE = 'live:https://api.poix.test'
const OP = 'GET /search'
const answer = (body: string): NewEntry => ({
  kind: 'answer',
  body,
  contentType: 'application/json',
  bytes: Buffer.byteLength(body),
})
const lasting = lastingStorage()
/** An answer as read back: stored at `at` for 60 s. */
const storedAnswer = (body: string, at: number) => ({
  kind: 'answer',
  body,
  contentType: 'application/json',
  bytes: Buffer.byteLength(body),
  storedAt: at,
  expiresAt: at + 60_000,
})

describeOnEngines('the response cache', (engine) => {
  /** A runtime on this engine (for its database), and a cache of the test's own over that database. */
  function setUp(
    options: { memoryBytes?: number; maxBytes?: number; env?: Record<string, string>; source?: string } = {},
  ) {
    const clock = testClock()
    const h = engine.track(spendHarness({ env: options.env ?? engine.env(), now: clock.now }))
    const cache = createResponseCache({
      db: h.db,
      source: options.source ?? SOURCE,
      now: clock.now,
      memoryBytes: options.memoryBytes,
      maxBytes: options.maxBytes ?? 1024 * 1024,
    })
    return { h, clock, cache }
  }

  it('answers from memory at once, before the row is written; a new cache finds nothing until it is', async () => {
    const { h, clock, cache } = setUp()
    cache.remember('cache:aa:1', answer('{"a":1}'), 60)
    expect(await cache.get('cache:aa:1')).toMatchObject({
      kind: 'answer',
      body: '{"a":1}',
      storedAt: clock.now(),
      expiresAt: clock.now() + 60_000,
    })
    expect(await cache.find(h.db, 'cache:aa:1')).toBeUndefined() // only in this instance's memory so far
    await cache.store(h.db, 'cache:aa:1', OP, await encodeEntry(answer('{"a":1}')), 60)
    const other = createResponseCache({ db: h.db, source: SOURCE, now: clock.now, maxBytes: 1024 * 1024 })
    expect(await other.get('cache:aa:1')).toMatchObject({
      kind: 'answer',
      body: '{"a":1}',
      contentType: 'application/json',
    })
  })

  it('a stored row survives a new runtime on the same database, bytes for bytes, until it expires', async () => {
    const env = lasting(engine)
    const body = '\uFEFF[{"text":"Étoile &amp; 星 — مرحبا 🎬"}]'
    const clock = testClock()
    const first = engine.track(spendHarness({ env, now: clock.now }))
    const stored = await encodeEntry(answer(body))
    await first.db.transaction((tx) => first.cache.store(tx, 'cache:aa:1', OP, stored, 60))
    await first.dispose() // one process (runtime) owns an embedded folder at a time

    const second = engine.track(spendHarness({ env, now: clock.now }))
    expect(await second.cache.get('cache:aa:1')).toEqual(storedAnswer(body, clock.now()))
    clock.advance(60_000)
    expect(await second.cache.get('cache:aa:1')).toBeUndefined() // expired in memory and in the table
    second.cache.forgetMemory()
    expect(await second.cache.get('cache:aa:1')).toBeUndefined()
  })

  it('copies a stored row under a second key in the same transaction, bytes for bytes, with its expiry', async () => {
    const { h, clock, cache } = setUp()
    const body = '[{"text":"Grüße 👋","lang":"de"}]'
    const stored = await encodeEntry(answer(body))
    await h.db.transaction(async (tx) => {
      await cache.store(tx, 'cache:aa:1', 'GET /captions/{videoId}', stored, 60)
      await cache.copy(tx, 'cache:aa:1', 'cache:aa:2')
    })
    const other = createResponseCache({ db: h.db, source: SOURCE, now: clock.now, maxBytes: 1024 * 1024 })
    for (const key of ['cache:aa:1', 'cache:aa:2'])
      expect(await other.get(key)).toEqual(storedAnswer(body, clock.now()))
    // A copy of nothing (the first was never stored, e.g. a TTL of 0) writes nothing.
    await h.db.transaction((tx) => cache.copy(tx, 'cache:none', 'cache:aa:3'))
    expect(await other.get('cache:aa:3')).toBeUndefined()
  })

  it('keeps a body deflated in the table, its own length in bytes, and reads it back byte for byte', async () => {
    const { h, clock, cache } = setUp()
    const body = JSON.stringify(
      Array.from({ length: 400 }, (_, i) => ({
        text: `Grüße ${i} 👋 [Music]`,
        offset: i * 2.5,
        duration: 2.5,
      })),
    )
    const stored = await encodeEntry(answer(body))
    expect(stored).toMatchObject({ encoding: 'deflate', bytes: Buffer.byteLength(body) })
    await cache.store(h.db, 'cache:aa:1', OP, stored, 60)
    const [row] = await h.db.query<{ body_encoding: string; kept: number; bytes: number }>(
      'SELECT body_encoding, octet_length(body) AS kept, bytes FROM cache_entries WHERE key = $1',
      ['cache:aa:1'],
    )
    expect(row).toMatchObject({ body_encoding: 'deflate', bytes: Buffer.byteLength(body) })
    expect(Number(row!.kept)).toBeLessThan(Buffer.byteLength(body) / 5)
    cache.forgetMemory()
    expect(await cache.get('cache:aa:1')).toEqual(storedAnswer(body, clock.now()))
  })

  it('reads a body stored as it was before bodies were deflated (migration 10)', async () => {
    const { h, clock, cache } = setUp()
    const body = '[{"text":"Étoile &amp; 星","lang":"fr"}]'
    await h.db.query(
      `INSERT INTO cache_entries (source, key, operation, kind, status, content_type, body, bytes, stored_at, expires_at, last_used_at)
       VALUES ($1, 'cache:aa:1', $2, 'answer', 200, 'application/json', convert_to($3, 'UTF8'), $4, $5, $6, $5)`,
      [SOURCE, OP, body, Buffer.byteLength(body), clock.now(), clock.now() + 60_000],
    )
    expect(await cache.get('cache:aa:1')).toEqual(storedAnswer(body, clock.now()))
  })

  it('encodes a failure without a body', async () => {
    const failure: NewEntry = { kind: 'failure', status: 404, code: 'captions_unavailable', message: 'none' }
    expect(await encodeEntry(failure)).toEqual({ entry: failure, body: null, encoding: 'identity', bytes: 0 })
  })

  it('keeps the demo simulator and the live service apart: the same key is another entry', async () => {
    const { h, clock, cache } = setUp()
    await cache.store(h.db, 'cache:aa:1', OP, await encodeEntry(answer('{"from":"live"}')), 60)
    const demo = createResponseCache({ db: h.db, source: 'demo', now: clock.now, maxBytes: 1024 * 1024 })
    expect(await demo.get('cache:aa:1')).toBeUndefined()
    await demo.store(h.db, 'cache:aa:1', OP, await encodeEntry(answer('{"from":"demo"}')), 60)
    cache.forgetMemory()
    expect(await cache.get('cache:aa:1')).toMatchObject({ body: '{"from":"live"}' })
    expect(await demo.get('cache:aa:1')).toMatchObject({ body: '{"from":"demo"}' })
  })

  it('stays within its memory budget: the least recently used answers leave memory, and are read back from the table', async () => {
    const { h, cache } = setUp({ memoryBytes: 100_000 })
    const body = (n: number) => `${n}${'x'.repeat(20_000)}` // about 40 KB each as counted in memory
    cache.remember('cache:aa:1', answer(body(1)), 60)
    cache.remember('cache:aa:2', answer(body(2)), 60)
    expect(await cache.get('cache:aa:1')).toBeDefined() // used again: 2 is now the oldest
    cache.remember('cache:aa:3', answer(body(3)), 60)
    expect(await cache.get('cache:aa:1')).toMatchObject({ body: body(1) })
    expect(await cache.get('cache:aa:2')).toBeUndefined() // pushed out of memory, and never stored
    expect(await cache.get('cache:aa:3')).toMatchObject({ body: body(3) })

    for (let n = 4; n <= 7; n++)
      await cache.store(h.db, `cache:aa:${n}`, OP, await encodeEntry(answer(body(n))), 60)
    for (let n = 4; n <= 7; n++) expect(await cache.get(`cache:aa:${n}`)).toMatchObject({ body: body(n) }) // more than memory holds
  })

  it('keeps the table under CACHE_MAX_MB: the least recently used answers are evicted, a recently hit one stays', async () => {
    const clock = testClock()
    // Answers of about 12 KB: five pass the cap of 0.05 MB (52,429 bytes), four fit under it.
    const big: HarnessOptions['answer'] = async (req) => {
      const page = (await serviceAnswer(req).json()) as { data: { title: string }[] }
      page.data[0]!.title += 'x'.repeat(12_000)
      return new Response(JSON.stringify(page), { headers: { 'Content-Type': 'application/json' } })
    }
    const h = engine.track(
      spendHarness({ env: { ...engine.env(), CACHE_MAX_MB: '0.05' }, now: clock.now, answer: big }),
    )
    const search = (km: number) => `/api/search?location=1,1&locationRadius=${km}km&type=video`
    for (const km of [1, 2, 3]) {
      expect((await h.request(search(km))).headers.get('X-Cache')).toBe('MISS')
      clock.advance(1000)
    }
    expect((await h.request(search(1))).headers.get('X-Cache')).toBe('HIT') // the oldest, used again
    await h.flush() // its last use is written in the batch
    for (const km of [4, 5]) {
      clock.advance(1000)
      expect((await h.request(search(km))).headers.get('X-Cache')).toBe('MISS')
    }
    const tableBytes = async () =>
      Number((await h.db.query<{ n: number }>('SELECT sum(bytes)::float8 AS n FROM cache_entries'))[0]?.n)
    expect(await tableBytes()).toBeGreaterThan(0.05 * 1024 * 1024)

    expect(await h.cache.evict()).toBe(1)
    expect(await tableBytes()).toBeLessThanOrEqual(0.05 * 1024 * 1024)
    h.cache.forgetMemory() // what the table holds now
    expect(h.seen).toHaveLength(5)
    expect((await h.request(search(1))).headers.get('X-Cache')).toBe('HIT') // recently hit: kept
    expect((await h.request(search(3))).headers.get('X-Cache')).toBe('HIT')
    expect((await h.request(search(2))).headers.get('X-Cache')).toBe('MISS') // least recently used: evicted, paid again
    expect(h.seen).toHaveLength(6)
  })

  it('expired rows are never served, and eviction drops them', async () => {
    const { h, clock, cache } = setUp()
    await cache.store(h.db, 'cache:aa:1', OP, await encodeEntry(answer('{"a":1}')), 60)
    await cache.store(h.db, 'cache:aa:2', OP, await encodeEntry(answer('{"a":2}')), 3600)
    clock.advance(59_999)
    expect(await cache.get('cache:aa:1')).toBeDefined()
    clock.advance(1)
    expect(await cache.get('cache:aa:1')).toBeUndefined()
    expect(await cache.find(h.db, 'cache:aa:1')).toBeUndefined()
    expect(await cache.evict()).toBe(1)
    const keys = await h.db.query<{ key: string }>('SELECT key FROM cache_entries ORDER BY key')
    expect(keys.map((k) => k.key)).toEqual(['cache:aa:2'])
  })
})
