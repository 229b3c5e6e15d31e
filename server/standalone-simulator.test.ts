import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SearchPage } from '#contract/index.ts'
import { loadConfig } from './config.ts'
import { createRuntime } from './runtime.ts'
import { createSimulator } from '#simulator/app.ts'
import { disposedAfterEach } from './testing/spend-harness.ts'
import { SIMULATOR_TOKEN } from '#simulator/token.ts'

/** The function pointed at the simulator over real HTTP (DATA_API_URL + DATA_API_TOKEN), as `npm run simulator` allows. */
describe('the function over HTTP against the standalone simulator', () => {
  let server: ServerType
  let baseUrl = ''
  beforeAll(async () => {
    const simulator = createSimulator({ token: SIMULATOR_TOKEN })
    server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: simulator.app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s))
    })
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  const track = disposedAfterEach()
  const runtimeWith = (token: string) => {
    const env = { DATA_API_URL: baseUrl, DATA_API_TOKEN: token, DATA_DIR: ':memory:' }
    return track(createRuntime({ config: loadConfig(env), log: () => {} })).app
  }

  it('runs live mode unchanged over the network', async () => {
    const app = runtimeWith(SIMULATOR_TOKEN)
    const res = await app.request('/api/search?location=48.8566,2.3522&locationRadius=25km&type=video')
    expect(res.status).toBe(200)
    const page = SearchPage.parse(await res.json())
    expect(page.data.length).toBeGreaterThanOrEqual(6)
    expect((await (await app.request('/api/health')).json()).mode).toBe('live')
    const srt = await app.request('/api/captions/dQw4w9WgXcQ?format=srt&lang=en')
    expect(srt.headers.get('Content-Type')).toBe('application/x-subrip; charset=utf-8')
    expect(await srt.text()).toMatch(/^1\r?\n\d\d:\d\d:\d\d,\d{3} --> /)
  })

  it('a wrong token is the server’s problem: 502 upstream_auth', async () => {
    const res = await runtimeWith('poix-wrong-token').request('/api/channels?forHandle=@rickastleyyt')
    expect(res.status).toBe(502)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('upstream_auth')
  })
})
