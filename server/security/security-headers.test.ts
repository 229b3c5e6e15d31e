import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { createNodeApp } from '../entry-node.ts'
import { disposedAfterEach, spendHarness } from '../testing/spend-harness.ts'
import { tileSource } from './security-headers.ts'

function csp(res: Response): Map<string, string[]> {
  const header = res.headers.get('Content-Security-Policy') ?? ''
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((p) => p[0])
      .map(([name, ...values]) => [name!, values]),
  )
}

function expectSecurityHeaders(res: Response, what: string) {
  expect(res.headers.get('X-Content-Type-Options'), what).toBe('nosniff')
  expect(res.headers.get('X-Frame-Options'), what).toBe('DENY')
  expect(res.headers.get('Referrer-Policy'), what).toBe('strict-origin-when-cross-origin')
  const policy = csp(res)
  expect(policy.get('default-src'), what).toEqual(["'self'"])
  expect(policy.get('frame-ancestors'), what).toEqual(["'none'"])
  expect(policy.get('object-src'), what).toEqual(["'none'"])
  expect(policy.get('base-uri'), what).toEqual(["'self'"])
  expect(policy.get('form-action'), what).toEqual(["'self'"])
  expect(policy.get('connect-src'), what).toEqual(["'self'"])
  expect(res.headers.get('Access-Control-Allow-Origin'), what).toBeNull()
}

describe('security headers on API responses', () => {
  const h = spendHarness({ env: { DASHBOARD_PASSWORD: 'pw' } })
  afterAll(() => h.dispose())
  const track = disposedAfterEach()
  it.each([
    ['/api/health', 200],
    ['/api/search?location=1,1&locationRadius=1km&type=video', 401],
    ['/api/session', 200],
    ['/api/nope', 401],
  ])('%s (%i)', async (url, status) => {
    const res = await h.request(url)
    expect(res.status).toBe(status)
    expectSecurityHeaders(res, url)
  })

  it('on paid answers, validation errors, refusals and 405s', async () => {
    const open = track(spendHarness())
    const responses = [
      await open.request('/api/search?location=1,1&locationRadius=1km&type=video'),
      await open.request('/api/search?location=99,1&locationRadius=1km&type=video'),
      await open.request('/api/search', { method: 'POST' }),
      await open.request('/api/search?location=1,1&locationRadius=1km&type=video', {
        headers: { Origin: 'https://evil.example' },
      }),
    ]
    expect(responses.map((r) => r.status)).toEqual([200, 400, 405, 403])
    responses.forEach((r, i) => expectSecurityHeaders(r, `response ${i}`))
  })

  it('the policy lets the map tiles, thumbnails and embedded player load, and nothing inline run', async () => {
    const res = await track(spendHarness()).request('/api/health')
    const policy = csp(res)
    expect(policy.get('script-src')).toEqual([
      "'self'",
      'https://www.youtube-nocookie.com',
      'https://www.youtube.com',
    ])
    expect(policy.get('frame-src')).toEqual(['https://www.youtube-nocookie.com', 'https://www.youtube.com'])
    expect(policy.get('img-src')).toEqual(
      expect.arrayContaining([
        "'self'",
        'data:',
        'blob:',
        'https://i.ytimg.com',
        'https://yt3.ggpht.com',
        'https://*.tile.openstreetmap.org',
      ]),
    )
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"])
    expect(res.headers.get('Strict-Transport-Security')).toBeNull() // plain http
  })

  it('adds the host of TILE_URL (or VITE_TILE_URL) and PLAYER_ORIGIN when configured', async () => {
    const res = await track(
      spendHarness({
        env: {
          TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
          PLAYER_ORIGIN: 'https://player.example.net',
        },
      }),
    ).request('/api/health')
    expect(csp(res).get('img-src')).toContain('https://*.tiles.example.org')
    expect(csp(res).get('script-src')).toContain('https://player.example.net')
    expect(csp(res).get('frame-src')).toContain('https://player.example.net')
    const vite = await track(
      spendHarness({ env: { VITE_TILE_URL: 'https://maps.example.com:8443/{z}/{x}/{y}.png' } }),
    ).request('/api/health')
    expect(csp(vite).get('img-src')).toContain('https://maps.example.com:8443')
  })

  it('sends HSTS over https only', async () => {
    const res = await track(spendHarness()).app.request('https://dash.example/api/health')
    expect(res.headers.get('Strict-Transport-Security')).toMatch(/max-age=\d+/)
  })
})

describe('tileSource', () => {
  it.each([
    ['https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://*.tile.openstreetmap.org'],
    ['https://tiles.example.com/{z}/{x}/{y}.png', 'https://tiles.example.com'],
    ['HTTP://Tiles.Example.com:8080/{z}/{x}/{y}.png', 'http://tiles.example.com:8080'],
    ['https://tiles-{s}.example.com/{z}/{x}/{y}.png', 'https://*.example.com'],
    ['https://a.{s}.example.com/{z}/{x}/{y}.png', undefined],
    ["https://x.org;script-src 'unsafe-inline'/{z}.png", undefined],
    ['not a url', undefined],
    [undefined, undefined],
  ])('%s → %s', (template, source) => {
    expect(tileSource(template)).toBe(source)
  })
})

describe('security headers on the SPA and its static files (npm start)', () => {
  const dist = mkdtempSync(join(tmpdir(), 'poix-dist-'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Poix</title><div id="root"></div>')
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)')
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  const env = { DATA_DIR: ':memory:', DIST_DIR: dist, DATA_API_TOKEN: '' }
  const { app, dispose } = createNodeApp(loadConfig(env))
  afterAll(async () => {
    await dispose()
    rmSync(dist, { recursive: true, force: true })
  })

  it.each([
    ['/', 200],
    ['/search?location=1,1', 200],
    ['/assets/index-abc123.js', 200],
    ['/favicon.svg', 200],
    ['/missing.png', 404],
    ['/api/health', 200],
  ])('%s (%i)', async (path, status) => {
    const res = await app.request(path)
    expect(res.status).toBe(status)
    expectSecurityHeaders(res, path)
  })
})
