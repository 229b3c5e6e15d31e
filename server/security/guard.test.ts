import { describe, expect, it } from 'vitest'
import {
  disposedAfterEach,
  errorOf,
  lastingStorage,
  spendHarness,
  testClock,
} from '../testing/spend-harness.ts'
import { describeOnEngines } from '../testing/postgres-cluster.ts'
import { SESSION_COOKIE } from './session.ts'
import { generateSignedCookie } from 'hono/cookie'

const PASSWORD = 'correct horse battery staple'
const SEARCH = '/api/search?location=48.8566,2.3522&locationRadius=25km&type=video'
const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
})
const lasting = lastingStorage()

type Track = <T extends { dispose(): Promise<void> }>(runtime: T) => T

/** A runtime with DASHBOARD_PASSWORD on the given storage (env selects it), disposed after the test by `track`. */
function guardedWith(track: Track, env: Record<string, string>) {
  const clock = testClock()
  const h = track(spendHarness({ env: { DASHBOARD_PASSWORD: PASSWORD, ...env }, now: clock.now }))
  const signIn = async (password = PASSWORD, client?: string) =>
    h.request('/api/session', json({ password }), client)
  const cookieOf = (res: Response) => res.headers.get('Set-Cookie')?.split(';')[0] ?? ''
  const withCookie = (cookie: string): RequestInit => ({ headers: { Cookie: cookie } })
  return { ...h, clock, signIn, cookieOf, withCookie }
}

describeOnEngines('the access guard (DASHBOARD_PASSWORD set)', (engine) => {
  const guarded = (env: Record<string, string> = {}) => guardedWith(engine.track, { ...engine.env(), ...env })

  it('leaves health and the session route open, and health says sign-in is required', async () => {
    const h = guarded()
    const health = await h.request('/api/health')
    expect(health.status).toBe(200)
    expect(await health.json()).toMatchObject({ signInRequired: true })
    expect(await (await h.request('/api/session')).json()).toEqual({ signInRequired: true, signedIn: false })
  })

  it("names the live service's address in health only to a signed-in researcher", async () => {
    const h = guarded({ DATA_API_TOKEN: 'poix-test', DATA_API_URL: 'https://api.poix.test' })
    const open = (await (await h.request('/api/health')).json()) as { dataSource: unknown }
    expect(open.dataSource).toEqual({ kind: 'live', name: 'Poix data service', url: null })
    const cookie = h.cookieOf(await h.signIn())
    const signed = (await (await h.request('/api/health', h.withCookie(cookie))).json()) as {
      dataSource: unknown
    }
    expect(signed.dataSource).toEqual({
      kind: 'live',
      name: 'Poix data service',
      url: 'https://api.poix.test',
    })
  })

  it.each([
    SEARCH,
    '/api/spend',
    `/api/quote?path=${encodeURIComponent(SEARCH)}`,
    '/api/captions/dQw4w9WgXcQ',
    '/api/nope',
  ])('refuses %s without a session, paying nothing', async (url) => {
    const h = guarded()
    const res = await h.request(url)
    expect(res.status).toBe(401)
    expect(await errorOf(res)).toMatchObject({
      code: 'unauthorized',
      message: expect.stringMatching(/Sign in/),
    })
    expect(h.seen).toHaveLength(0)
  })

  it('refuses forged, foreign-key, tampered and expired cookies', async () => {
    const h = guarded()
    const good = h.cookieOf(await h.signIn())
    const [name, value] = [good.split('=')[0]!, decodeURIComponent(good.split('=')[1]!)]
    const id = value.slice(0, value.lastIndexOf('.'))
    const signature = value.slice(value.lastIndexOf('.') + 1)
    const foreign = (await generateSignedCookie(SESSION_COOKIE, id, 'another-secret')).split(';')[0]!
    const flipped = `${id[0] === 'A' ? 'B' : 'A'}${id.slice(1)}`
    const tampered = `${name}=${encodeURIComponent(`${flipped}.${signature}`)}`
    for (const cookie of [
      `${SESSION_COOKIE}=1.abc`,
      `${SESSION_COOKIE}=${encodeURIComponent('1.abc.AAAA')}`,
      foreign,
      tampered,
      `other=${value}`,
    ]) {
      expect((await h.request(SEARCH, h.withCookie(cookie))).status, cookie).toBe(401)
    }
    expect((await h.request(SEARCH, h.withCookie(good))).status).toBe(200)
    h.clock.advance(7 * 24 * 3_600_000 + 1000)
    expect((await h.request(SEARCH, h.withCookie(good))).status).toBe(401) // a week later it has expired
  })

  it('refuses a cookie signed with the right key that names no session: the signature alone opens nothing', async () => {
    const secret = 's'.repeat(32)
    const h = guarded({ SESSION_SECRET: secret })
    const made = (
      await generateSignedCookie(SESSION_COOKIE, 'an-id-no-one-was-given-0123456789', secret)
    ).split(';')[0]!
    expect((await h.request(SEARCH, h.withCookie(made))).status).toBe(401)
    const real = h.cookieOf(await h.signIn())
    expect((await h.request(SEARCH, h.withCookie(real))).status).toBe(200)
    expect(h.seen).toHaveLength(1)
  })

  it('sign-out revokes the session server-side: the copied cookie stops working', async () => {
    const h = guarded()
    const cookie = h.cookieOf(await h.signIn()) // as copied from the browser before signing out
    expect((await h.request(SEARCH, h.withCookie(cookie))).status).toBe(200)
    const out = await h.request('/api/session', { method: 'DELETE', headers: { Cookie: cookie } })
    expect(out.status).toBe(200)
    const replay = await h.request(SEARCH, h.withCookie(cookie))
    expect(replay.status).toBe(401)
    expect((await errorOf(replay)).code).toBe('unauthorized')
    expect(await (await h.request('/api/session', h.withCookie(cookie))).json()).toEqual({
      signInRequired: true,
      signedIn: false,
    })
    expect(h.seen).toHaveLength(1)
    const again = h.cookieOf(await h.signIn()) // signing in again starts a new session
    expect(again).not.toBe(cookie)
    expect((await h.request(SEARCH, h.withCookie(again))).status).toBe(200)
    expect((await h.request(SEARCH, h.withCookie(cookie))).status).toBe(401)
  })

  it('signs in with the password: an HttpOnly, SameSite=Strict, Path=/ cookie that opens every route', async () => {
    const h = guarded()
    const res = await h.signIn()
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ signInRequired: true, signedIn: true })
    const setCookie = res.headers.get('Set-Cookie')!
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=`))
    expect(setCookie).toMatch(/; HttpOnly/)
    expect(setCookie).toMatch(/; SameSite=Strict/)
    expect(setCookie).toMatch(/; Path=\//)
    expect(setCookie).not.toMatch(/Secure/) // plain http (127.0.0.1): a Secure cookie would never come back
    const cookie = h.cookieOf(res)
    expect((await h.request(SEARCH, { headers: { Cookie: cookie } })).status).toBe(200)
    expect((await h.request('/api/spend', { headers: { Cookie: cookie } })).status).toBe(200)
    expect(await (await h.request('/api/session', { headers: { Cookie: cookie } })).json()).toEqual({
      signInRequired: true,
      signedIn: true,
    })
  })

  it('marks the cookie Secure over https', async () => {
    const h = guarded()
    const res = await h.app.request('https://dash.example/api/session', json({ password: PASSWORD }))
    expect(res.headers.get('Set-Cookie')).toMatch(/; Secure/)
  })

  it('signs out: the cookie is cleared', async () => {
    const h = guarded()
    const cookie = h.cookieOf(await h.signIn())
    const out = await h.request('/api/session', { method: 'DELETE', headers: { Cookie: cookie } })
    expect(out.status).toBe(200)
    expect(await out.json()).toEqual({ signInRequired: true, signedIn: false })
    expect(out.headers.get('Set-Cookie')).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`))
  })

  it('answers a wrong password with 401 and a malformed request with 400', async () => {
    const h = guarded()
    const wrong = await h.signIn('guess')
    expect(wrong.status).toBe(401)
    expect(wrong.headers.get('Set-Cookie')).toBeNull()
    expect(await errorOf(wrong)).toMatchObject({ code: 'unauthorized', message: 'Wrong password.' })
    const malformed = await h.request('/api/session', { method: 'POST', body: 'password=x' })
    expect(malformed.status).toBe(400)
    expect((await errorOf(malformed)).param).toBe('password')
    const huge = await h.request('/api/session', json({ password: 'x'.repeat(5000) }))
    expect(huge.status).toBe(413)
    expect((await errorOf(huge)).param).toBe('body')
  })

  it('rate-limits wrong passwords per client: 5 a minute, then 429 with Retry-After even for the right one', async () => {
    const h = guarded()
    for (let i = 0; i < 5; i++) expect((await h.signIn(`guess${i}`, '10.0.0.1')).status).toBe(401)
    const limited = await h.signIn(PASSWORD, '10.0.0.1')
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect((await errorOf(limited)).code).toBe('rate_limited')
    expect((await h.signIn(PASSWORD, '10.0.0.2')).status).toBe(200) // another client is not affected
    h.clock.advance(60_000)
    expect((await h.signIn(PASSWORD, '10.0.0.1')).status).toBe(200)
  })

  it('counts a burst of concurrent guesses: no more than 5 are checked', async () => {
    const h = guarded()
    const statuses = (
      await Promise.all(Array.from({ length: 30 }, (_, i) => h.signIn(`guess${i}`, '10.0.0.9')))
    ).map((r) => r.status)
    expect(statuses.filter((s) => s === 401)).toHaveLength(5)
    expect(statuses.filter((s) => s === 429)).toHaveLength(25)
  })

  it('a session holds on every instance and across a restart; the signing key comes from the password (or SESSION_SECRET)', async () => {
    const env = lasting(engine)
    const a = guardedWith(engine.track, env)
    const cookie = a.cookieOf(await a.signIn())
    // One process owns an embedded folder: the next runtime is a restart. On a Postgres server both run at once.
    if (engine.kind === 'pglite') await a.dispose()
    const b = guardedWith(engine.track, env)
    expect((await b.request(SEARCH, b.withCookie(cookie))).status).toBe(200)
    if (engine.kind === 'postgres') {
      expect(
        (await b.request('/api/session', { method: 'DELETE', headers: { Cookie: cookie } })).status,
      ).toBe(200)
      expect((await a.request(SEARCH, a.withCookie(cookie))).status).toBe(401) // signed out on B: refused on A too
    }
    await b.dispose()
    const withSecret = guardedWith(engine.track, { ...env, SESSION_SECRET: 'x'.repeat(32) })
    expect((await withSecret.request(SEARCH, withSecret.withCookie(cookie))).status).toBe(401)
  })
})

describe('without DASHBOARD_PASSWORD', () => {
  const track = disposedAfterEach()
  it('everything is open and the session route says so', async () => {
    const h = track(spendHarness())
    expect((await h.request(SEARCH)).status).toBe(200)
    expect(await (await h.request('/api/session')).json()).toEqual({ signInRequired: false, signedIn: true })
    expect(await (await h.request('/api/health')).json()).toMatchObject({ signInRequired: false })
  })
})

describe('same origin only', () => {
  const track = disposedAfterEach()
  it('refuses requests another site sends (Origin or Sec-Fetch-Site), before anything is paid', async () => {
    const h = track(spendHarness())
    const cases: Record<string, string>[] = [
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
      { Origin: 'http://localhost:9999' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
    ]
    for (const headers of cases) {
      const res = await h.request(SEARCH, { headers })
      expect(res.status, JSON.stringify(headers)).toBe(403)
      expect((await errorOf(res)).code).toBe('forbidden')
      expect((await h.request('/api/session', { method: 'DELETE', headers })).status).toBe(403)
    }
    expect(h.seen).toHaveLength(0)
  })

  it('refuses a cross-site sign-in attempt', async () => {
    const h = guardedWith(track, {})
    const res = await h.request('/api/session', {
      ...json({ password: PASSWORD }),
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
    })
    expect(res.status).toBe(403)
    expect(res.headers.get('Set-Cookie')).toBeNull()
  })

  it('accepts its own pages and tools that send no Origin', async () => {
    const h = track(spendHarness())
    expect(
      (await h.request(SEARCH, { headers: { Origin: 'http://localhost', 'Sec-Fetch-Site': 'same-origin' } }))
        .status,
    ).toBe(200)
    expect((await h.request('/api/spend', { headers: { 'Sec-Fetch-Site': 'none' } })).status).toBe(200)
    expect((await h.request('/api/health')).status).toBe(200)
  })

  it('never grants CORS, and answers preflights with no grant', async () => {
    const h = track(spendHarness())
    const pre = await h.request(SEARCH, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET' },
    })
    expect(pre.headers.get('Access-Control-Allow-Origin')).toBeNull()
    const same = await h.request(SEARCH, { headers: { Origin: 'http://localhost' } })
    expect(same.headers.get('Access-Control-Allow-Origin')).toBeNull()
  })
})
