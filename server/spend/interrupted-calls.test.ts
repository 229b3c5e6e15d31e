/**
 * Two instances on one database (docs/decisions/0186): a claim of an instance that stopped beating ends as
 * `interrupted` when the other needs the same call; a slow call of a beating instance keeps its claim; interrupted
 * calls are listed with their cost and hold their budget reservation until reconciled; free answers that waited on
 * the other instance's call are counted.
 */
import { expect, it } from 'vitest'
import { migrate } from '../db/migrate.ts'
import { MIGRATIONS } from '../db/migrations/index.ts'
import { openPglite } from '../db/pglite-engine.ts'
import { openPostgres } from '../db/postgres-engine.ts'
import { num, type Database } from '../db/database.ts'
import { describeOnEngines, type EngineUnderTest } from '../testing/postgres-cluster.ts'
import { gate, spendHarness } from '../testing/spend-harness.ts'
import { INTERRUPTED_NOTE } from './ledger-rows.ts'

const SEARCH = '/api/search?location=48.8566,2.3522&locationRadius=25km&type=video'
const CAPTIONS = '/api/captions/dQw4w9WgXcQ?lang=en'
const SEARCH_USD = 0.00203
const CAPTIONS_USD = 0.00053
const STALE_SECONDS = 2

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`)
    await sleep(20)
  }
}

/** Instance A, whose service answers wait for `hold`, and instance B, answered at once, on one database. */
async function twoInstances(engine: EngineUnderTest, hold: Promise<void>) {
  const env = { ...engine.env(), BUDGET_USD: '1', INSTANCE_STALE_SECONDS: String(STALE_SECONDS) }
  const a = engine.track(spendHarness({ env, hold }))
  // The embedded engine is one process's: B shares A's; on a server, B has a pool of its own.
  const shared = engine.kind === 'pglite' ? await a.db.ready : undefined
  const b = engine.track(spendHarness({ env, db: shared }))
  await Promise.all([a.ready, b.ready])
  return { a, b }
}

const reconcile = (h: ReturnType<typeof spendHarness>, id: string, body: unknown) =>
  h.request(`/api/spend/interrupted/${id}/reconcile`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })

describeOnEngines('claims of stopped instances', (engine) => {
  it('a stopped instance’s claims end as interrupted: the other pays once more, the rows hold the budget until reconciled', async () => {
    const held = gate()
    const { a, b } = await twoInstances(engine, held.opened)
    const aSearch = a.request(SEARCH)
    const aCaptions = a.request(CAPTIONS)
    await until('A’s two calls have left', () => a.seen.length === 2)
    await a.heartbeat.stop() // A stops beating (as after kill -9) with both calls in flight

    const t0 = performance.now()
    const [search, captions] = await Promise.all([b.request(SEARCH), b.request(CAPTIONS)])
    const ms = performance.now() - t0
    expect([search.status, captions.status]).toEqual([200, 200])
    expect(search.headers.get('X-Cache')).toBe('MISS')
    expect(b.seen).toHaveLength(2) // exactly one more call each
    expect(ms).toBeLessThan(10_000)

    const report = await b.spend()
    expect(report.totals).toMatchObject({
      paidCalls: 2,
      pendingCalls: 0,
      interruptedCalls: 2,
      interruptedUsd: SEARCH_USD + CAPTIONS_USD,
    })
    const byOperation = (op: string) => report.interrupted.find((e) => e.operation === op)
    const [first, second] = [byOperation('GET /search'), byOperation('GET /captions/{videoId}')]
    expect(report.interrupted).toHaveLength(2)
    expect(first).toMatchObject({
      operation: 'GET /search',
      state: 'interrupted',
      priceUsd: SEARCH_USD,
      costUsd: 0,
      note: INTERRUPTED_NOTE,
    })
    expect(second).toMatchObject({ operation: 'GET /captions/{videoId}', state: 'interrupted' })
    // B's two charges and A's two reservations.
    const spent = () => b.budget.spentMicro()
    expect(await spent()).toBe(2 * (2030 + 530))

    // Not charged gives the reservation back; charged keeps it as spent. Recorded with who and when, once.
    const notCharged = await reconcile(b, first!.id, { charged: false, by: 'Ana' })
    expect(notCharged.status).toBe(200)
    expect(await notCharged.json()).toEqual({ id: first!.id, reconciled: 'not charged' })
    expect(await spent()).toBe(2030 + 2 * 530)
    expect((await reconcile(b, second!.id, { charged: true })).status).toBe(200)
    expect(await spent()).toBe(2030 + 2 * 530)
    const again = await reconcile(b, first!.id, { charged: true })
    expect(again.status).toBe(409)
    expect(await spent()).toBe(2030 + 2 * 530)

    const after = await b.spend()
    expect(after.interrupted).toEqual([])
    expect(after.totals).toMatchObject({
      interruptedCalls: 2,
      interruptedUsd: 0,
      spentUsd: SEARCH_USD + 2 * CAPTIONS_USD,
    })
    const rows = new Map(after.recent.map((e) => [e.id, e]))
    expect(rows.get(first!.id)?.reconciled).toMatchObject({ charged: false, by: 'Ana (client local)' })
    expect(rows.get(second!.id)?.reconciled).toMatchObject({ charged: true, by: 'client local' })

    // A was alive after all: its answers come back, and the decisions stand (nothing given back twice).
    held.open()
    expect((await aSearch).status).toBe(200)
    expect((await aCaptions).status).toBe(200)
    expect(await spent()).toBe(2030 + 2 * 530)
  }, 60_000)

  it('refuses a reconciliation that is not one: bad input 400, unknown row 404, a call that was not interrupted 409', async () => {
    const h = engine.track(spendHarness({ env: engine.env() }))
    expect((await h.request(SEARCH)).status).toBe(200)
    const [row] = (await h.spend()).recent
    const bad = await reconcile(h, row!.id, { charged: 'yes' })
    expect(bad.status).toBe(400)
    expect((await reconcile(h, 'x1', { charged: true })).status).toBe(400)
    expect((await reconcile(h, '999999', { charged: true })).status).toBe(404)
    expect((await reconcile(h, row!.id, { charged: false })).status).toBe(409)
    const get = await h.request(`/api/spend/interrupted/${row!.id}/reconcile`)
    expect(get.status).toBe(405)
  })

  it('a slow call of a beating instance keeps its claim; the requests that waited on it are free answers, each counted', async () => {
    const held = gate()
    const { a, b } = await twoInstances(engine, held.opened)
    const aSearch = a.request(SEARCH)
    await until('A’s call has left', () => a.seen.length === 1)
    const waiting = Promise.all([b.request(SEARCH), b.request(SEARCH), b.request(SEARCH)])
    // Past the stale window, B able to judge: A still beats, so B waits on.
    await sleep((STALE_SECONDS + 1.5) * 1000)
    expect(b.heartbeat.canJudge()).toBe(true)
    const during = await b.spend()
    expect(during.totals).toMatchObject({ pendingCalls: 1, interruptedCalls: 0 })
    held.open()
    expect((await aSearch).status).toBe(200)
    const answers = await waiting
    expect(answers.map((r) => [r.status, r.headers.get('X-Cache')])).toEqual(Array(3).fill([200, 'HIT']))
    expect(a.seen).toHaveLength(1)
    expect(b.seen).toHaveLength(0)
    const report = await b.spend()
    expect(report.totals).toMatchObject({ paidCalls: 1, interruptedCalls: 0, pendingCalls: 0 })
    // One waited on A's call through the ledger, two joined it in B: three free answers, none uncounted.
    expect(report.totals.cacheHits).toBe(3)
    expect(report.totals.savedUsd).toBeCloseTo(3 * SEARCH_USD, 9)
  }, 60_000)
})

/** A database at migration 10 on the engine under test, not opened by any runtime. */
async function atVersion10(engine: EngineUnderTest): Promise<Database> {
  const env = engine.env()
  const db = env.DATABASE_URL
    ? await openPostgres({ url: env.DATABASE_URL, timeoutMs: 20_000, poolSize: 2, log: () => undefined })
    : await openPglite({ dataDir: ':memory:', timeoutMs: 60_000 })
  engine.track({ dispose: () => db.close() })
  await migrate(
    db,
    MIGRATIONS.filter((m) => m.version <= 10),
  )
  return db
}

describeOnEngines('migration 11', (engine) => {
  it('turns pending rows no claim holds into interrupted ones, and leaves a call in flight alone', async () => {
    const db = await atVersion10(engine)
    const row = (key: string, inFlight: boolean) =>
      db.query(
        `INSERT INTO ledger (source, cache_key, operation, path, params, price_micro, status, in_flight, lease_until, instance, day, started_at)
         VALUES ('demo', $1, 'GET /search', '/search', '{}', 2030, 'pending', $2, 1, 'gone', '2026-01-05', 1)`,
        [key, inFlight],
      )
    await row('orphaned', false)
    await row('in flight', true)
    expect(await migrate(db)).toEqual([11, 12, 13, 14])
    const rows = await db.query<{ cache_key: string; status: string; message: string | null }>(
      'SELECT cache_key, status, message FROM ledger ORDER BY id',
    )
    expect(rows).toEqual([
      { cache_key: 'orphaned', status: 'interrupted', message: INTERRUPTED_NOTE },
      { cache_key: 'in flight', status: 'pending', message: null },
    ])
    const [beats] = await db.query('SELECT count(*) AS n FROM instance_heartbeats')
    expect(num(beats?.n)).toBe(0)
  }, 120_000)
})
