import { afterEach, describe, expect, it } from 'vitest'
import { ChannelPage, PopularPage, SearchPage } from '#contract/index.ts'
import { COST_HEADER } from './app.ts'
import { applyFault } from './faults.ts'
import { call, okJson, testSimulator } from './testing/test-client.ts'

const sim = testSimulator()
const SEARCH = '/search?location=48.8566,2.3522&locationRadius=25km&type=video'

describe('fault injection', () => {
  afterEach(() => sim.faults.clear())

  it('latency: answers normally after the delay', async () => {
    sim.faults.set({ kind: 'latency', ms: 20 })
    expect(SearchPage.safeParse(await okJson(sim, SEARCH)).success).toBe(true)
  })

  it('latency with workDuringDelay: the answer is worked out at once and sent when the delay ends', async () => {
    for (const workDuringDelay of [false, true]) {
      const started = performance.now()
      let workedAt = -1
      const context = { req: { raw: { signal: new AbortController().signal } }, res: new Response('answer') }
      const next = async () => void (workedAt = performance.now() - started)
      const answer = await applyFault({ kind: 'latency', ms: 200, workDuringDelay }, context as never, next)
      expect(await answer.text()).toBe('answer')
      expect(performance.now() - started).toBeGreaterThanOrEqual(195)
      // Worked out as the request arrives only when asked; by default once the delay is over.
      if (workDuringDelay) expect(workedAt).toBeLessThan(100)
      else expect(workedAt).toBeGreaterThanOrEqual(195)
    }
  })

  it('latency: an abort during the delay rejects like a network fetch', async () => {
    sim.faults.set({ kind: 'latency', ms: 60_000 })
    const ctl = new AbortController()
    const pending = call(sim, SEARCH, { signal: ctl.signal })
    ctl.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('status: the chosen status, HTML from the gateway for 502–504 and JSON otherwise; times limits it', async () => {
    sim.faults.set({ kind: 'status', status: 503, times: 1 })
    const res = await call(sim, SEARCH)
    expect(res.status).toBe(503)
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/)
    expect(res.headers.get(COST_HEADER)).toBe('0')
    expect((await call(sim, SEARCH)).status).toBe(200)
    sim.faults.set({ kind: 'status' })
    const plain = await call(sim, SEARCH)
    expect(plain.status).toBe(500)
    expect((await plain.json()).message).toMatch(/retry/i)
  })

  it('timeout: never answers until the request is aborted', async () => {
    sim.faults.set({ kind: 'timeout' })
    const ctl = new AbortController()
    let settled = false
    const pending = call(sim, SEARCH, { signal: ctl.signal }).finally(() => {
      settled = true
    })
    await new Promise((r) => setTimeout(r, 50))
    expect(settled).toBe(false)
    ctl.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('malformed-json: a 200 whose body is not JSON', async () => {
    sim.faults.set({ kind: 'malformed-json' })
    const res = await call(sim, '/popularVideos')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toMatch(/json/)
    await expect(res.json()).rejects.toThrow()
  })

  it('schema-break: valid JSON that fails the contract schemas', async () => {
    sim.faults.set({ kind: 'schema-break' })
    expect(SearchPage.safeParse(await okJson(sim, SEARCH)).success).toBe(false)
    expect(PopularPage.safeParse(await okJson(sim, '/popularVideos')).success).toBe(false)
    expect(ChannelPage.safeParse(await okJson(sim, '/channels?forHandle=rickastleyyt')).success).toBe(false)
  })

  it('rate-limit: 429 as plain text with Retry-After', async () => {
    sim.faults.set({ kind: 'rate-limit', retryAfter: 7 })
    const res = await call(sim, SEARCH)
    expect(res.status).toBe(429)
    expect(res.headers.get('Retry-After')).toBe('7')
    expect(await res.text()).toMatch(/retry after 7 seconds/)
  })

  it('forbidden: 403 even with the right token', async () => {
    sim.faults.set({ kind: 'forbidden' })
    const res = await call(sim, SEARCH)
    expect(res.status).toBe(403)
    expect((await res.json()).error).toMatch(/token/)
  })

  it('balance: 402 (or the chosen status) saying the balance is insufficient', async () => {
    sim.faults.set({ kind: 'balance' })
    const res = await call(sim, SEARCH)
    expect(res.status).toBe(402)
    expect((await res.json()).message).toMatch(/Insufficient balance/)
    sim.faults.set({ kind: 'balance', status: 403 })
    expect((await call(sim, SEARCH)).status).toBe(403)
  })

  it('reset: the body starts and then the stream fails', async () => {
    sim.faults.set({ kind: 'reset' })
    const res = await call(sim, SEARCH)
    expect(res.status).toBe(200)
    await expect(res.text()).rejects.toThrow(/ECONNRESET/)
  })

  it('expired-token: only requests that carry a pageToken get 400', async () => {
    const token = SearchPage.parse(await okJson(sim, SEARCH)).nextPageToken!
    sim.faults.set({ kind: 'expired-token', times: 1 })
    expect((await call(sim, SEARCH)).status).toBe(200)
    const res = await call(sim, `${SEARCH}&pageToken=${token}`)
    expect(res.status).toBe(400)
    expect((await res.json()).message).toMatch(/expired/)
    expect((await call(sim, `${SEARCH}&pageToken=${token}`)).status).toBe(200)
  })

  it('path limits a rule to operations under that prefix', async () => {
    sim.faults.set({ kind: 'status', status: 500, path: '/captions/' })
    expect((await call(sim, SEARCH)).status).toBe(200)
    expect((await call(sim, '/files/captions/dQw4w9WgXcQ')).status).toBe(200)
    expect((await call(sim, '/captions/dQw4w9WgXcQ')).status).toBe(500)
    expect(sim.faults.current()).toMatchObject({ kind: 'status', path: '/captions/' })
  })
})
