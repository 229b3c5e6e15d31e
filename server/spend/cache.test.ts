import { describe, expect, it } from 'vitest'
import { describeOnEngines } from '../testing/postgres-cluster.ts'
import { DEFAULT_CACHE_TTLS, parseCacheTtls } from '../config/cache-ttl.ts'
import {
  errorOf,
  serviceAnswer,
  spendHarness,
  testClock,
  type HarnessOptions,
} from '../testing/spend-harness.ts'
import { loadConfig } from '../config.ts'

const HOUR = 3_600_000
const cases: [string, string, number][] = [
  ['GET /search', '/api/search?location=48.8566,2.3522&locationRadius=25km&type=video', HOUR],
  ['GET /popularVideos', '/api/popularVideos', 15 * 60_000],
  ['GET /captions/{videoId}', '/api/captions/dQw4w9WgXcQ?lang=en', 7 * 24 * HOUR],
  ['GET /captions/{videoId} (srt)', '/api/captions/dQw4w9WgXcQ?lang=en&format=srt', 7 * 24 * HOUR],
  ['GET /files/captions/{videoId}', '/api/files/captions/dQw4w9WgXcQ', 7 * 24 * HOUR],
  ['GET /commentReplies', '/api/commentReplies?parentCommentId=UgzoQVUwDeGW1IS5_uR4AaABAg', HOUR],
  ['GET /channels', '/api/channels?forHandle=@rickastleyyt', 24 * HOUR],
]

describeOnEngines('the cache, per operation', (engine) => {
  const harness = ({ env, ...options }: HarnessOptions = {}) =>
    engine.track(spendHarness({ ...options, env: { ...engine.env(), ...env } }))

  it.each(cases)(
    '%s: miss, then free hits until its time to live, then a paid miss',
    async (_op, url, ttlMs) => {
      const clock = testClock()
      const h = harness({ now: clock.now })
      const first = await h.request(url)
      expect(first.status).toBe(200)
      expect(first.headers.get('X-Cache')).toBe('MISS')
      expect(Number(first.headers.get('X-Cost-USD'))).toBeGreaterThan(0)
      const body = await first.text()

      clock.advance(ttlMs - 1000)
      const hit = await h.request(url)
      expect(hit.headers.get('X-Cache')).toBe('HIT')
      expect(hit.headers.get('X-Cost-USD')).toBe('0')
      expect(await hit.text()).toBe(body)
      expect(hit.headers.get('Content-Type')).toBe(first.headers.get('Content-Type'))
      // What another instance (or this one after a restart) reads: the stored row, with the same expiry.
      h.cache.forgetMemory()
      const stored = await h.request(url)
      expect(stored.headers.get('X-Cache')).toBe('HIT')
      expect(await stored.text()).toBe(body)
      expect(stored.headers.get('Content-Type')).toBe(first.headers.get('Content-Type'))
      expect(h.seen).toHaveLength(1)

      clock.advance(2000)
      const expired = await h.request(url)
      expect(expired.headers.get('X-Cache')).toBe('MISS')
      expect(expired.headers.get('X-Cost-USD')).toBe(first.headers.get('X-Cost-USD'))
      expect(h.seen).toHaveLength(2)
    },
  )

  it('keeps the download name on a hit (headers of the route, body of the cache)', async () => {
    const h = harness()
    await h.request('/api/captions/dQw4w9WgXcQ?lang=fr&format=vtt')
    const hit = await h.request('/api/captions/dQw4w9WgXcQ?lang=fr&format=vtt&download=1')
    expect(hit.headers.get('X-Cache')).toBe('HIT')
    expect(hit.headers.get('Content-Disposition')).toBe('attachment; filename="dQw4w9WgXcQ.fr.vtt"')
    expect(h.seen).toHaveLength(1)
  })

  it('caches "captions unavailable" briefly: the refusal comes back free, then is asked again after 10 minutes', async () => {
    const clock = testClock()
    const h = harness({
      now: clock.now,
      answer: () => new Response(JSON.stringify({ message: 'No captions in fr' }), { status: 404 }),
    })
    const url = '/api/captions/dQw4w9WgXcQ?lang=fr'
    const first = await h.request(url)
    expect(first.status).toBe(404)
    expect(first.headers.get('X-Cache')).toBe('MISS')
    expect(first.headers.get('X-Cost-USD')).toBe('0.00053')
    const again = await h.request(url)
    expect(again.status).toBe(404)
    expect(again.headers.get('X-Cache')).toBe('HIT')
    expect(again.headers.get('X-Cost-USD')).toBe('0')
    const err = await errorOf(again)
    expect(err.code).toBe('captions_unavailable')
    expect(err.message).toMatch(/No captions in fr.*fallback-auto-translated/)
    h.cache.forgetMemory() // the refusal is stored too
    const stored = await h.request(url)
    expect(stored.status).toBe(404)
    expect(stored.headers.get('X-Cache')).toBe('HIT')
    expect(await errorOf(stored)).toEqual(err)
    expect(h.seen).toHaveLength(1)
    clock.advance(10 * 60_000 + 1)
    expect((await h.request(url)).headers.get('X-Cache')).toBe('MISS')
    expect(h.seen).toHaveLength(2)
  })

  it('never caches other failures', async () => {
    let calls = 0
    const h = harness({
      answer: () =>
        ++calls === 1
          ? new Response('boom', { status: 500 })
          : serviceAnswer(new Request('https://api.poix.test/popularVideos')),
    })
    expect((await h.request('/api/popularVideos')).status).toBe(502)
    const retry = await h.request('/api/popularVideos')
    expect(retry.status).toBe(200)
    expect(retry.headers.get('X-Cache')).toBe('MISS')
  })

  it('never caches an answer that breaks the contract', async () => {
    const h = harness({
      answer: () =>
        new Response(JSON.stringify({ data: 'nope' }), { headers: { 'Content-Type': 'application/json' } }),
    })
    expect((await h.request('/api/popularVideos')).status).toBe(502)
    expect((await h.request('/api/popularVideos')).status).toBe(502)
    expect(h.seen).toHaveLength(2)
  })

  it('follows CACHE_TTL_SECONDS; 0 turns caching off for an operation', async () => {
    const clock = testClock()
    const h = harness({
      now: clock.now,
      env: { CACHE_TTL_SECONDS: '{"GET /search": 60, "GET /popularVideos": 0}' },
    })
    const search = '/api/search?location=1,1&locationRadius=1km&type=video'
    await h.request(search)
    clock.advance(59_000)
    expect((await h.request(search)).headers.get('X-Cache')).toBe('HIT')
    clock.advance(2000)
    expect((await h.request(search)).headers.get('X-Cache')).toBe('MISS')
    await h.request('/api/popularVideos')
    expect((await h.request('/api/popularVideos')).headers.get('X-Cache')).toBe('MISS')
  })

  it('quotes "cached" while a live entry exists, and the list price otherwise', async () => {
    const clock = testClock()
    const h = harness({ now: clock.now })
    const url = '/api/commentReplies?parentCommentId=UgzoQVUwDeGW1IS5_uR4AaABAg'
    const quote = async () =>
      (await (await h.request(`/api/quote?path=${encodeURIComponent(url)}`)).json()) as {
        cached: boolean
        priceUsd: number
      }
    expect(await quote()).toEqual({ operation: 'GET /commentReplies', priceUsd: 0.00013, cached: false })
    await h.request(url)
    expect(await quote()).toMatchObject({ cached: true, priceUsd: 0.00013 })
    clock.advance(HOUR + 1)
    expect(await quote()).toMatchObject({ cached: false })
    expect(h.seen).toHaveLength(1) // quoting never pays
  })
})

describe('CACHE_TTL_SECONDS', () => {
  it('rejects a wrong CACHE_TTL_SECONDS naming what is wrong', () => {
    expect(() => loadConfig({ CACHE_TTL_SECONDS: '{"GET /nope": 5}' })).toThrow(
      /CACHE_TTL_SECONDS.*"GET \/nope" is not one of/,
    )
    expect(() => loadConfig({ CACHE_TTL_SECONDS: '{"GET /search": -1}' })).toThrow(
      /CACHE_TTL_SECONDS.*whole number of seconds/,
    )
    expect(() => loadConfig({ CACHE_TTL_SECONDS: 'week' })).toThrow(/CACHE_TTL_SECONDS.*JSON object/)
    expect(parseCacheTtls('{"captions_unavailable": 30}')).toEqual({
      ...DEFAULT_CACHE_TTLS,
      captions_unavailable: 30,
    })
  })
})
