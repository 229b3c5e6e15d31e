import { describe, expect, it, onTestFinished } from 'vitest'
import { loadConfig } from '../config.ts'
import { createRuntime } from '../runtime.ts'
import { fakeUpstream, json } from '../testing/fake-upstream.ts'
import { MAX_QUOTE_PATHS } from './quote.ts'

const SEARCH = '/api/search?location=48.8566,2.3522&locationRadius=25km&type=video'
const CAPTIONS = '/api/captions/dQw4w9WgXcQ?mode=default'
const FILES = '/api/files/captions/dQw4w9WgXcQ'

const post = (body: unknown, raw?: string) =>
  new Request('http://127.0.0.1/api/quote', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: raw ?? JSON.stringify(body),
  })

type Batch = { quotes: Record<string, unknown>[] }
type Failure = { error: { code: string; message: string; param?: string } }

describe('POST /api/quote (a batch of quotes)', () => {
  it('prices every path in order, in one answer, without paying for any', async () => {
    const { app, seen } = fakeUpstream(() => json({}))
    const res = await app.request(post({ paths: [SEARCH, CAPTIONS, FILES] }))
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    expect(((await res.json()) as Batch).quotes).toEqual([
      { path: SEARCH, operation: 'GET /search', priceUsd: 0.00203, cached: false },
      { path: CAPTIONS, operation: 'GET /captions/{videoId}', priceUsd: 0.00053, cached: false },
      { path: FILES, operation: 'GET /files/captions/{videoId}', priceUsd: 0.00053, cached: false },
    ])
    expect(seen).toHaveLength(0)
  })

  it('validates each path like the request itself: a bad query is that path’s error, not the batch’s', async () => {
    const { app, seen } = fakeUpstream(() => json({}))
    const wrong = '/api/search?location=99,0&locationRadius=1km&type=video'
    const res = await app.request(post({ paths: [wrong, CAPTIONS] }))
    expect(res.status).toBe(200)
    const [first, second] = ((await res.json()) as Batch).quotes
    expect(first).toMatchObject({ path: wrong, error: { code: 'invalid_query', param: 'location' } })
    expect(second).toMatchObject({ path: CAPTIONS, priceUsd: 0.00053 })
    expect(seen).toHaveLength(0)
  })

  it.each([
    ['a path outside /api', { paths: [CAPTIONS, 'https://evil.example/x'] }, 'paths.1'],
    ['the quote itself', { paths: ['/api/quote?path=/api/search'] }, 'paths.0'],
    ['a climbing path', { paths: ['/api/../etc/passwd'] }, 'paths.0'],
    ['an empty list', { paths: [] }, 'paths'],
    ['no list', {}, 'paths'],
    ['a list of numbers', { paths: [1] }, 'paths.0'],
    ['an unknown field', { paths: [CAPTIONS], pay: true }, ''],
    ['a path too long', { paths: [`/api/search?q=${'x'.repeat(5000)}`] }, 'paths.0'],
  ])('refuses %s with a 400 naming it', async (_, body, param) => {
    const { app, seen } = fakeUpstream(() => json({}))
    const res = await app.request(post(body))
    expect(res.status).toBe(400)
    const { error } = (await res.json()) as Failure
    expect(error.code).toBe('invalid_query')
    if (param) expect(error.param).toBe(param)
    else expect(error.message).toMatch(/Unknown field "pay"/)
    expect(seen).toHaveLength(0)
  })

  it(`takes at most ${MAX_QUOTE_PATHS} paths`, async () => {
    const { app } = fakeUpstream(() => json({}))
    const most = await app.request(post({ paths: Array(MAX_QUOTE_PATHS).fill(CAPTIONS) }))
    expect(most.status).toBe(200)
    expect(((await most.json()) as Batch).quotes).toHaveLength(MAX_QUOTE_PATHS)
    const tooMany = await app.request(post({ paths: Array(MAX_QUOTE_PATHS + 1).fill(CAPTIONS) }))
    expect(tooMany.status).toBe(400)
    expect(((await tooMany.json()) as Failure).error.message).toMatch(/more than 200/)
  })

  it('refuses a body that is not JSON', async () => {
    const { app } = fakeUpstream(() => json({}))
    const res = await app.request(post(undefined, 'paths=/api/search'))
    expect(res.status).toBe(400)
    expect(((await res.json()) as Failure).error.message).toMatch(/must be JSON/)
  })

  it('says what is cached (free) and pays for nothing (demo mode, the real cache)', async () => {
    const runtime = createRuntime({ config: loadConfig({ DATA_DIR: ':memory:' }), log: () => {} })
    onTestFinished(() => runtime.dispose())
    const { app } = runtime
    const paidCalls = async () =>
      ((await (await app.request('/api/spend?limit=1')).json()) as { totals: { paidCalls: number } }).totals
        .paidCalls
    expect((await app.request(FILES)).status).toBe(200)
    await runtime.gateway.flush()
    const before = await paidCalls()
    const res = await app.request(post({ paths: [FILES, CAPTIONS] }))
    const quotes = ((await res.json()) as Batch).quotes
    expect(quotes.map((q) => q.cached)).toEqual([true, false])
    await runtime.gateway.flush()
    expect(await paidCalls()).toBe(before)
  })

  it('answers 405 with the allowed methods for another method', async () => {
    const { app } = fakeUpstream(() => json({}))
    const res = await app.request('/api/quote', { method: 'PUT' })
    expect(res.status).toBe(405)
    expect(res.headers.get('Allow')).toBe('GET, HEAD, POST')
  })
})
