import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createApp } from './app.ts'
import { loadConfig } from './config.ts'
import { createUpstreamClient } from './upstream/client.ts'
import { createDirectGateway } from './testing/direct-gateway.ts'

const TOKEN = 'poix-LEAKCANARY7c1d0e9f2a'

/** An upstream that does its worst: echoes the token back in bodies, errors and headers. */
function hostileUpstream(req: Request): Response | Promise<Response> {
  const path = new URL(req.url).pathname
  const auth = req.headers.get('Authorization') ?? ''
  if (path.startsWith('/search'))
    return new Response(JSON.stringify({ message: `bad token ${auth}` }), { status: 400 })
  if (path.startsWith('/channels')) return new Response(`Forbidden for ${auth}`, { status: 403 })
  if (path.startsWith('/commentReplies'))
    return Promise.reject(new Error(`socket closed while sending ${auth}`))
  if (path.startsWith('/popularVideos')) return new Response(`{"broken": "${auth}"`, { status: 200 })
  if (path.startsWith('/files'))
    return new Response(JSON.stringify({ detail: auth }), { status: 500, headers: { 'X-Echo': auth } })
  return new Response(JSON.stringify({ message: `no captions for ${auth}` }), { status: 404 })
}

describe('the token never leaves the server', () => {
  const logs: string[] = []
  const env = { DATA_API_TOKEN: TOKEN, DATA_API_URL: 'https://api.poix.test' }
  const config = loadConfig(env)
  const client = createUpstreamClient({
    token: config.apiToken,
    baseUrl: config.apiUrl,
    timeoutMs: 1000,
    fetch: async (r) => hostileUpstream(r),
  })
  const app = createApp({ config, gateway: createDirectGateway(client), log: (l) => logs.push(l) })

  const urls = [
    '/api/health',
    '/api/search?location=1,1&locationRadius=1km&type=video',
    '/api/channels?forHandle=@abcdef',
    '/api/commentReplies?parentCommentId=UgzoQVUwDeGW1IS5_uR4AaABAg',
    '/api/popularVideos',
    '/api/files/captions/dQw4w9WgXcQ',
    '/api/captions/dQw4w9WgXcQ?lang=fr',
    `/api/quote?path=${encodeURIComponent('/api/search?location=1,1&locationRadius=1km&type=video')}`,
    '/api/nope',
    `/api/search?location=${TOKEN}`,
  ]
  it.each(urls)('%s: no body, header or log line holds the token', async (url) => {
    const res = await app.request(url, { headers: { Cookie: 'a=b' } })
    const body = await res.text()
    expect(body).not.toContain(TOKEN)
    for (const [name, value] of res.headers) expect(`${name}: ${value}`).not.toContain(TOKEN)
    expect(logs.join('\n')).not.toContain(TOKEN)
  })

  it('the upstream really did see it (the canary is live)', async () => {
    let seen = ''
    const spy = createUpstreamClient({
      token: config.apiToken,
      baseUrl: config.apiUrl,
      timeoutMs: 1000,
      fetch: async (r) => ((seen = r.headers.get('Authorization') ?? ''), new Response('[]')),
    })
    await spy.request({ operation: 'GET /captions/{videoId}', path: '/captions/dQw4w9WgXcQ', query: {} })
    expect(seen).toBe(`Bearer ${TOKEN}`)
  })

  it('a configuration error names the variable, never its value', () => {
    expect(() => loadConfig({ DATA_API_TOKEN: TOKEN, DATA_API_URL: `not a url ${TOKEN}` })).toThrow(
      /DATA_API_URL/,
    )
    try {
      loadConfig({ DATA_API_TOKEN: TOKEN, DATA_API_URL: `not a url ${TOKEN}` })
    } catch (e) {
      expect(String(e)).not.toContain(TOKEN)
    }
  })
})

describe('the built SPA never holds the token', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'poix-leak-build-'))
  afterAll(() => rmSync(outDir, { recursive: true, force: true }))

  it(
    'a production build made with the token in the environment contains no trace of it',
    { timeout: 180_000 },
    async () => {
      const { build } = await import('vite')
      const before = process.env.DATA_API_TOKEN
      process.env.DATA_API_TOKEN = TOKEN
      try {
        await build({ logLevel: 'silent', build: { outDir, emptyOutDir: true } })
      } finally {
        if (before === undefined) delete process.env.DATA_API_TOKEN
        else process.env.DATA_API_TOKEN = before
      }
      const files: string[] = []
      const walk = (dir: string) =>
        readdirSync(dir).forEach((n) =>
          statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : files.push(join(dir, n)),
        )
      walk(outDir)
      expect(files.some((f) => f.endsWith('index.html'))).toBe(true)
      for (const f of files) expect(readFileSync(f, 'latin1').includes(TOKEN), f).toBe(false)
    },
  )
})
