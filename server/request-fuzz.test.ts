import fc from 'fast-check'
import { describe, expect, it, onTestFinished } from 'vitest'
import { loadConfig } from './config.ts'
import { createRuntime } from './runtime.ts'
import { SIMULATOR_TOKEN } from '#simulator/token.ts'

const ROUTES = [
  '/api/search',
  '/api/popularVideos',
  '/api/captions/dQw4w9WgXcQ',
  '/api/files/captions/dQw4w9WgXcQ',
  '/api/commentReplies',
  '/api/channels',
  '/api/health',
  '/api/quote',
  '/api/spend',
  '/api/',
  '/api/../etc/passwd',
  '/api/captions/',
  '/api/captions/%00%00',
]
const PARAMS = [
  'location',
  'locationRadius',
  'type',
  'pageToken',
  'parentCommentId',
  'format',
  'lang',
  'mode',
  'ids',
  'forHandle',
  'forUsername',
  'hl',
  'fields',
  'download',
  'path',
  'limit',
  '__proto__',
  'constructor',
]
const VALUES = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.constantFrom(
    '48.8566,2.3522',
    '25km',
    '1000km',
    '1001km',
    'video',
    'json',
    'srt',
    'en',
    'ar',
    'default',
    'force-whisper',
    'UCuAXFkgsw1L7xaCfnd5JJOw',
    '@rickastleyyt',
    'UgzoQVUwDeGW1IS5_uR4AaABAg',
    'CDIQAA',
    '<script>',
    "' OR 1=1 --",
    '%',
    '1e999',
    '-0',
    'NaN',
    '[]',
    '{}',
  ),
)
const request = fc.record({
  path: fc.oneof(
    fc.constantFrom(...ROUTES),
    fc.string({ maxLength: 40 }).map((s) => `/api/${encodeURIComponent(s)}`),
  ),
  params: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...PARAMS), fc.string({ maxLength: 12 })), VALUES), {
    maxLength: 6,
  }),
  method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'),
  headers: fc.array(
    fc.tuple(
      fc.constantFrom(
        'Authorization',
        'Cookie',
        'Origin',
        'X-Poix-Quote',
        'Content-Type',
        'Range',
        'X-Forwarded-For',
      ),
      fc.string({ maxLength: 40 }),
    ),
    { maxLength: 3 },
  ),
})

describe('request fuzzer against the function (demo mode, in-process)', () => {
  it('20,000 random requests: never a 5xx, never the token', { timeout: 240_000 }, async () => {
    const runtime = createRuntime({
      config: loadConfig({ DATA_DIR: ':memory:', PAID_CALLS_PER_MINUTE: '1000000' }),
      log: () => {},
    })
    onTestFinished(() => runtime.dispose())
    const { app } = runtime
    const deadline = Date.now() + 150_000 // bounded in time as well as in count
    const samples = fc.sample(request, { numRuns: 20_000, seed: 20261122 })
    const failures: string[] = []
    let sent = 0
    for (const r of samples) {
      if (Date.now() > deadline) break
      const qs = new URLSearchParams()
      for (const [k, v] of r.params) qs.append(k, v)
      const headers = new Headers()
      for (const [k, v] of r.headers) {
        try {
          headers.append(k, v)
        } catch {
          // the Fetch API refuses some header values: a browser could not send them either
        }
      }
      const url = `http://127.0.0.1${r.path}${qs.size ? `?${qs}` : ''}`
      let res: Response
      try {
        res = await app.fetch(new Request(url, { method: r.method, headers }))
      } catch (e) {
        failures.push(`${r.method} ${url}: threw ${String(e)}`)
        continue
      }
      sent++
      const body = r.method === 'HEAD' ? '' : await res.text()
      if (res.status >= 500) failures.push(`${r.method} ${url}: ${res.status} ${body.slice(0, 200)}`)
      if (
        body.includes(SIMULATOR_TOKEN) ||
        [...res.headers.values()].some((v) => v.includes(SIMULATOR_TOKEN))
      )
        failures.push(`${url}: token in answer`)
    }
    expect(failures.slice(0, 5)).toEqual([])
    expect(sent).toBeGreaterThan(5_000)
  })
})
