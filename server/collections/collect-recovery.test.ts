/** A claim whose worker died is taken over without paying blindly: the ledger says whether its call was paid, the cache whether the answer survived. */
import { expect, it } from 'vitest'
import { CollectionDetail, CollectionSummary } from '#contract/collections.ts'
import { describeOnEngines } from '../testing/postgres-cluster.ts'
import { spendHarness } from '../testing/spend-harness.ts'
import { INTERRUPTED_AFTER_PAYMENT } from './collect-item.ts'
import { startJobRunner } from './job-runner.ts'

const [PAID_LOST, PAID_CACHED, NEVER_CALLED] = ['bbbbbbbbbb1', 'bbbbbbbbbb2', 'bbbbbbbbbb3']
const post = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) })
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describeOnEngines('collect job: taking over a dead worker’s claims', (engine) => {
  it('fails a track paid but not stored, collects free a track whose answer is cached, buys one never called', async () => {
    // No runner of its own: the test sets the scene, then starts one.
    const h = engine.track(spendHarness({ env: { ...engine.env(), COLLECT_CONCURRENCY: '0' } }))
    await h.request(`/api/captions/${PAID_CACHED}?format=json&lang=en`) // paid by the dead worker, answer cached
    const c = CollectionSummary.parse(
      await (
        await h.request(
          '/api/collections',
          post({ name: 'x', lang: 'en', videoIds: [PAID_LOST, PAID_CACHED, NEVER_CALLED] }),
        )
      ).json(),
    )
    expect((await h.request(`/api/collections/${c.id}/collect`, post({ maxUsd: 1 }))).status).toBe(202)
    const claimedAt = Date.now() - 60_000
    // The dead worker had claimed all three; its lease ran out.
    await h.db.query(
      "UPDATE collect_items SET state = 'running', worker = 'dead', lease_until = 1, claimed_at = $1, attempts = 1, reserved_micro = 530",
      [claimedAt],
    )
    // Its call for PAID_LOST was charged, and the crash came before the answer was stored.
    await h.db.query(
      `INSERT INTO ledger (source, cache_key, operation, path, params, price_micro, cost_micro, status, in_flight, lease_until, instance, day, started_at, settled_at)
       VALUES ($1, 'cache:xx:lost', 'GET /captions/{videoId}', $2, $3, 530, 530, 'charged', false, 0, 'dead', '2026-11-25', $4, $4)`,
      [
        h.config.source,
        `/captions/${PAID_LOST}`,
        JSON.stringify({ format: 'json', lang: 'en', mode: 'default' }),
        claimedAt + 10,
      ],
    )
    const before = h.seen.length
    const runner = startJobRunner({
      db: h.db,
      gateway: h.gateway,
      source: h.config.source,
      now: Date.now,
      concurrency: 2,
      leaseMs: 2000,
      pollMs: 50,
    })
    try {
      let d: CollectionDetail
      for (let i = 0; ; i++) {
        d = CollectionDetail.parse(await (await h.request(`/api/collections/${c.id}`)).json())
        if (d.job?.state !== 'running') break
        if (i > 400) throw new Error(`job still running: ${JSON.stringify(d.job)}`)
        await sleep(50)
      }
      const byId = new Map(d.videos.map((v) => [v.videoId, v.track]))
      expect(byId.get(PAID_LOST)).toMatchObject({
        state: 'failed',
        failure: { code: 'interrupted_after_payment', message: INTERRUPTED_AFTER_PAYMENT },
      })
      expect(byId.get(PAID_CACHED)).toMatchObject({ state: 'collected' })
      expect(byId.get(NEVER_CALLED)).toMatchObject({ state: 'collected' })
      // Only the track never called was bought now; what the dead worker paid (lost and cached) counts in the job's spending.
      expect(h.seen.slice(before).map((r) => new URL(r.url).pathname)).toEqual([`/captions/${NEVER_CALLED}`])
      expect(d.job).toMatchObject({ state: 'done', collected: 2, failed: 1, spentUsd: 0.00159 })
    } finally {
      await runner.stop()
    }
  })
})
