import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import { createDirectGateway } from '../testing/direct-gateway.ts'
import type { UpstreamClient } from '../upstream/client.ts'
import { sameOriginOnly } from './same-origin.ts'

const guarded = (hops: number) => new Hono().use(sameOriginOnly(hops)).get('/x', (c) => c.text('ok'))
const status = async (hops: number, url: string, headers: Record<string, string>) =>
  (await guarded(hops).request(url, { headers })).status

describe('same origin means same scheme too', () => {
  it('refuses an https:// Origin on an http request, and an http:// Origin on an https request', async () => {
    expect(await status(0, 'http://dash.example/x', { Origin: 'https://dash.example' })).toBe(403)
    expect(await status(0, 'https://dash.example/x', { Origin: 'http://dash.example' })).toBe(403)
  })

  it('accepts the same scheme and host, default ports written or not', async () => {
    expect(await status(0, 'http://dash.example/x', { Origin: 'http://dash.example' })).toBe(200)
    expect(await status(0, 'https://dash.example/x', { Origin: 'https://dash.example' })).toBe(200)
    expect(
      await status(0, 'https://dash.example/x', {
        Origin: 'https://dash.example:443',
        Host: 'dash.example:443',
      }),
    ).toBe(200)
    expect(await status(0, 'http://127.0.0.1:8080/x', { Origin: 'http://127.0.0.1:8080' })).toBe(200)
  })

  it('behind a trusted proxy takes the scheme and host the proxy forwarded', async () => {
    const proxied = {
      Host: '10.0.0.2:8080',
      'X-Forwarded-Proto': 'https',
      'X-Forwarded-Host': 'dash.example',
    }
    expect(await status(1, 'http://10.0.0.2:8080/x', { ...proxied, Origin: 'https://dash.example' })).toBe(
      200,
    )
    expect(await status(1, 'http://10.0.0.2:8080/x', { ...proxied, Origin: 'http://dash.example' })).toBe(403)
  })

  it('says what to set when only the scheme differs (an https proxy not trusted)', async () => {
    const res = await guarded(0).request('http://dash.example/x', {
      headers: { Origin: 'https://dash.example' },
    })
    expect(await res.json()).toMatchObject({
      error: { code: 'forbidden', message: expect.stringMatching(/set TRUST_PROXY/) },
    })
    const other = await guarded(0).request('http://dash.example/x', {
      headers: { Origin: 'https://evil.example' },
    })
    expect(((await other.json()) as { error: { message: string } }).error.message).not.toMatch(/TRUST_PROXY/)
  })

  it('is what the app runs on /api', async () => {
    const client: UpstreamClient = {
      mode: 'demo',
      request: () => Promise.reject(new Error('not called')),
      pausedForSeconds: () => 0,
    }
    const app = createApp({
      config: loadConfig({ DATA_API_TOKEN: '' }),
      gateway: createDirectGateway(client),
      log: () => {},
    })
    expect(
      (
        await app.request('http://localhost:8080/api/health', {
          headers: { Origin: 'https://localhost:8080' },
        })
      ).status,
    ).toBe(403)
    expect(
      (
        await app.request('http://localhost:8080/api/health', {
          headers: { Origin: 'http://localhost:8080' },
        })
      ).status,
    ).toBe(200)
  })
})
