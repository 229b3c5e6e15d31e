import { describe, expect, it } from 'vitest'
import { ApiFailure } from '../errors.ts'
import { createCircuitBreaker, MAX_PAUSE_SECONDS } from './circuit-breaker.ts'
import { createUpstreamClient } from './client.ts'

const TOKEN = 'poix-BREAKERtoken-1234'

function clock() {
  let t = 1_000_000
  return { now: () => t, advance: (ms: number) => void (t += ms) }
}

/** A live-mode client over a fake service that answers 429 with `retryAfter` to its first call, 200 afterwards. */
function rateLimitedOnce(retryAfter: string | null, now: () => number) {
  const seen: string[] = []
  const fetch = async (req: Request) => {
    seen.push(new URL(req.url).pathname)
    if (seen.length > 1)
      return new Response('{"data":[]}', { headers: { 'Content-Type': 'application/json' } })
    return new Response('{"message":"slow down"}', {
      status: 429,
      headers: retryAfter === null ? {} : { 'Retry-After': retryAfter },
    })
  }
  const client = createUpstreamClient({
    token: TOKEN,
    baseUrl: 'https://api.poix.test',
    timeoutMs: 2000,
    fetch,
    now,
  })
  return { client, seen }
}

const failureOf = (p: Promise<unknown>): Promise<ApiFailure> =>
  p.then(
    () => {
      throw new Error('expected a failure')
    },
    (e: unknown) => e as ApiFailure,
  )

const search = { operation: 'GET /search' as const, path: '/search', query: {} }
const channels = { operation: 'GET /channels' as const, path: '/channels', query: {} }

describe('a 429 from the service pauses the whole instance until its Retry-After', () => {
  it('100 concurrent requests after a 429 (Retry-After: 30) reach the service not once; after 30 s calls go through', async () => {
    const c = clock()
    const { client, seen } = rateLimitedOnce('30', c.now)
    expect(client.pausedForSeconds()).toBe(0)
    const first = await failureOf(client.request(search))
    expect(first).toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 30 })
    expect(client.pausedForSeconds()).toBe(30)

    c.advance(12_300)
    const refusals = await Promise.all(
      Array.from({ length: 100 }, (_, i) => failureOf(client.request(i % 2 ? search : channels))),
    )
    expect(seen).toHaveLength(1)
    for (const f of refusals) {
      expect(f).toBeInstanceOf(ApiFailure)
      expect(f).toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 18, charged: false })
      expect(f.message).toBe('The data service asked this server to wait; retry in 18 s.')
    }
    expect(client.pausedForSeconds()).toBe(18)

    c.advance(17_700)
    expect(client.pausedForSeconds()).toBe(0)
    const answers = await Promise.all([client.request(search), client.request(channels)])
    expect(answers.map((a) => a.status)).toEqual([200, 200])
    expect(seen).toHaveLength(3)
  })

  it('pauses for the default 30 s the client announces when the 429 carries no Retry-After', async () => {
    const c = clock()
    const { client } = rateLimitedOnce(null, c.now)
    expect(await failureOf(client.request(search))).toMatchObject({ retryAfterSeconds: 30 })
    expect(client.pausedForSeconds()).toBe(30)
  })

  it('does not pause on Retry-After: 0, nor on a 429 that means the balance is exhausted', async () => {
    const c = clock()
    const zero = rateLimitedOnce('0', c.now)
    await failureOf(zero.client.request(search))
    expect(zero.client.pausedForSeconds()).toBe(0)
    expect((await zero.client.request(search)).status).toBe(200)

    const fetch = async () =>
      new Response('{"message":"insufficient credit"}', { status: 429, headers: { 'Retry-After': '60' } })
    const broke = createUpstreamClient({
      token: TOKEN,
      baseUrl: 'https://api.poix.test',
      timeoutMs: 2000,
      fetch,
      now: c.now,
    })
    expect(await failureOf(broke.request(search))).toMatchObject({ code: 'balance_exhausted' })
    expect(broke.pausedForSeconds()).toBe(0)
  })

  it('never pauses in demo mode, whose 429s are faults tests inject into the simulator', async () => {
    let calls = 0
    const fetch = async () =>
      ++calls === 1
        ? new Response('slow', { status: 429, headers: { 'Retry-After': '30' } })
        : new Response('[]')
    const demo = createUpstreamClient({
      token: undefined,
      baseUrl: 'https://api.poix.test',
      timeoutMs: 2000,
      demo: { fetch, token: 'poix-demo-token' },
    })
    await failureOf(demo.request(search))
    expect(demo.pausedForSeconds()).toBe(0)
    expect((await demo.request(search)).status).toBe(200)
  })
})

describe('the breaker alone', () => {
  it('keeps the longest pause, caps a wild Retry-After, and ignores nonsense', () => {
    const c = clock()
    const b = createCircuitBreaker(c.now)
    b.pause(Number.NaN)
    b.pause(-5)
    expect(b.refusal()).toBeUndefined()
    b.pause(20)
    b.pause(5)
    expect(b.pausedForSeconds()).toBe(20)
    b.pause(86_400)
    expect(b.pausedForSeconds()).toBe(MAX_PAUSE_SECONDS)
    c.advance(MAX_PAUSE_SECONDS * 1000)
    expect(b.pausedForSeconds()).toBe(0)
  })
})
