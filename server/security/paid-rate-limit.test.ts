import { expect, it } from 'vitest'
import {
  errorOf,
  serviceAnswer,
  spendHarness,
  testClock,
  type HarnessOptions,
} from '../testing/spend-harness.ts'
import { describeOnEngines } from '../testing/postgres-cluster.ts'
import { createRateLimiter } from './rate-limiter.ts'

/** One researcher's bulk job: 500 videos, 4 exact formats each plus the file list, at the bulk pool's widest (8 at once). */
const BULK_VIDEOS = 500
const BULK_CALLS_PER_VIDEO = 4 + 1
const BULK_MAX_PARALLEL = 8

const search = (km: number) => `/api/search?location=48.8566,2.3522&locationRadius=${km}km&type=video`

describeOnEngines('the per-client limit on paid calls (PAID_CALLS_PER_MINUTE)', (engine) => {
  const harness = ({ env, ...options }: HarnessOptions = {}) =>
    engine.track(spendHarness({ ...options, env: { ...engine.env(), ...env } }))

  it('refuses the paid call past the limit with 429 and Retry-After, before paying; hits and other clients go on', async () => {
    const clock = testClock()
    const h = harness({ env: { PAID_CALLS_PER_MINUTE: '3' }, now: clock.now })
    for (let km = 1; km <= 3; km++) expect((await h.request(search(km), {}, '10.0.0.1')).status).toBe(200)
    clock.advance(10_000)
    const limited = await h.request(search(4), {}, '10.0.0.1')
    expect(limited.status).toBe(429)
    expect(limited.headers.get('Retry-After')).toBe('50')
    expect(limited.headers.get('X-Cost-USD')).toBeNull()
    const err = (await errorOf(limited)) as Awaited<ReturnType<typeof errorOf>> & {
      retryAfterSeconds?: number
    }
    expect(err.code).toBe('rate_limited')
    expect(err.retryAfterSeconds).toBe(50)
    expect(err.message).toMatch(/3 per minute per client.*PAID_CALLS_PER_MINUTE.*50 s/)
    expect(h.seen).toHaveLength(3)

    const hit = await h.request(search(2), {}, '10.0.0.1') // cached: free, never limited
    expect(hit.status).toBe(200)
    expect(hit.headers.get('X-Cache')).toBe('HIT')
    expect((await h.request(search(4), {}, '10.0.0.2')).status).toBe(200)

    clock.advance(50_000) // the next minute
    expect((await h.request(search(5), {}, '10.0.0.1')).status).toBe(200)
  })

  it('counts each client once per paid call, not per request that shared it', async () => {
    const h = harness({ env: { PAID_CALLS_PER_MINUTE: '2' } })
    const answers = await Promise.all(Array.from({ length: 10 }, () => h.request(search(1), {}, '10.0.0.1')))
    expect(answers.every((r) => r.status === 200)).toBe(true)
    expect((await h.request(search(2), {}, '10.0.0.1')).status).toBe(200)
    expect((await h.request(search(3), {}, '10.0.0.1')).status).toBe(429)
  })

  it('behind a trusted proxy, tells clients apart by the address the proxy saw', async () => {
    const h = harness({ env: { PAID_CALLS_PER_MINUTE: '1', TRUST_PROXY: '1' } })
    const from = (ip: string, claimed = '6.6.6.6') => ({
      headers: { 'X-Forwarded-For': `${claimed}, ${ip}` },
    })
    expect((await h.request(search(1), from('10.1.1.1'))).status).toBe(200)
    expect((await h.request(search(2), from('10.1.1.1', '7.7.7.7'))).status).toBe(429) // a forged first hop changes nothing
    expect((await h.request(search(3), from('10.2.2.2'))).status).toBe(200)
  })

  it('without TRUST_PROXY ignores X-Forwarded-For (anyone can write it)', async () => {
    const h = harness({ env: { PAID_CALLS_PER_MINUTE: '1' } })
    expect(
      (await h.request(search(1), { headers: { 'X-Forwarded-For': '1.1.1.1' } }, '10.0.0.1')).status,
    ).toBe(200)
    expect(
      (await h.request(search(2), { headers: { 'X-Forwarded-For': '2.2.2.2' } }, '10.0.0.1')).status,
    ).toBe(429)
  })

  it("by default lets one researcher's bulk job of 500 videos through in one minute, per client", async () => {
    const clock = testClock()
    const h = harness({ now: clock.now })
    await h.ready
    expect(h.config.paidCallsPerMinute).toBeGreaterThanOrEqual(BULK_VIDEOS * BULK_CALLS_PER_VIDEO)
    // The runtime's own limiter settings (name, window, default limit) over the same database.
    const limiter = createRateLimiter({
      name: 'paid',
      limit: h.config.paidCallsPerMinute,
      db: h.db,
      now: clock.now,
      message: (s) => `wait ${s} s`,
    })
    const jobs = Array.from({ length: BULK_VIDEOS * BULK_CALLS_PER_VIDEO }, (_, i) => i)
    const workers = Array.from({ length: BULK_MAX_PARALLEL }, async () => {
      while (jobs.pop() !== undefined) await limiter.take('10.0.0.1')
    })
    await Promise.all(workers) // one window: none refused
    // Another client in the same minute has its whole allowance.
    await limiter.take('10.0.0.2')
  })

  it("every 429 carries Retry-After and retryAfterSeconds, the service's as well as ours", async () => {
    const clock = testClock()
    let retryAfter: string | undefined = '7'
    const h = harness({
      now: clock.now,
      answer: (req) =>
        new URL(req.url).pathname === '/search'
          ? new Response('{"message":"slow down"}', {
              status: 429,
              headers: retryAfter ? { 'Retry-After': retryAfter } : {},
            })
          : serviceAnswer(req),
    })
    const expectWait = async (res: Response, seconds: number) => {
      expect(res.status).toBe(429)
      expect(res.headers.get('Retry-After')).toBe(String(seconds))
      expect(await errorOf(res)).toMatchObject({ code: 'rate_limited', retryAfterSeconds: seconds })
    }
    await expectWait(await h.request(search(1)), 7)
    await expectWait(await h.request(search(2)), 7) // this instance now waits without asking the service
    expect(h.seen).toHaveLength(1)
    clock.advance(7_000)
    retryAfter = undefined // the service named no wait
    await expectWait(await h.request(search(3)), 30)
    clock.advance(30_000)
    retryAfter = 'in a while' // nor one that can be read
    await expectWait(await h.request(search(4)), 30)
    expect(h.seen).toHaveLength(3)
  })

  if (engine.kind === 'postgres') {
    it("instances on one database share each client's window: 2 calls on A and 2 on B make the 4th one too many", async () => {
      const clock = testClock()
      const env = { PAID_CALLS_PER_MINUTE: '3' }
      const a = harness({ env, now: clock.now })
      const b = harness({ env, now: clock.now })
      expect((await a.request(search(1), {}, '10.0.0.1')).status).toBe(200)
      expect((await a.request(search(2), {}, '10.0.0.1')).status).toBe(200)
      expect((await b.request(search(3), {}, '10.0.0.1')).status).toBe(200)
      const fourth = await b.request(search(4), {}, '10.0.0.1')
      expect(fourth.status).toBe(429)
      expect((await errorOf(fourth)).code).toBe('rate_limited')
      expect(a.seen).toHaveLength(2)
      expect(b.seen).toHaveLength(1) // refused before paying
      expect((await a.request(search(5), {}, '10.0.0.1')).status).toBe(429) // and on A too
      expect((await b.request(search(4), {}, '10.0.0.2')).status).toBe(200) // another client has its own window
    })
  }
})
