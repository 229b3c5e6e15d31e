import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import type { Gateway } from '../gateway.ts'
import { clientAddress, isHttps, requestHost } from './request-origin.ts'

const PEER = { incoming: { socket: { remoteAddress: '10.0.0.9' } } }

/** What the three functions make of a request's headers behind `hops` trusted proxies. */
async function seen(hops: number, headers: Record<string, string>, url = 'http://dash.example/x') {
  const app = new Hono().get('/x', (c) =>
    c.json({ ip: clientAddress(c, hops), https: isHttps(c, hops), host: requestHost(c, hops) }),
  )
  return (await (await app.request(url, { headers }, PEER)).json()) as {
    ip: string
    https: boolean
    host: string
  }
}

describe('client address, scheme and host behind TRUST_PROXY hops', () => {
  const spoofed = {
    'X-Real-IP': '6.6.6.6',
    'X-Forwarded-For': '6.6.6.6, 7.7.7.7, 203.0.113.5, 10.1.1.1',
    'X-Forwarded-Proto': 'http, https, https',
    'X-Forwarded-Host': 'evil.example, dash.example:8443',
  }

  it('0 hops: the socket peer, the URL scheme and the Host header; every forwarded header ignored', async () => {
    expect(await seen(0, { ...spoofed, Host: 'dash.example' })).toEqual({
      ip: '10.0.0.9',
      https: false,
      host: 'dash.example',
    })
  })

  it('1 hop: the right-most X-Forwarded-For entry (what the one proxy appended); X-Real-IP never', async () => {
    expect(await seen(1, spoofed)).toEqual({ ip: '10.1.1.1', https: true, host: 'dash.example:8443' })
  })

  it('2 hops: the second entry from the right', async () => {
    expect((await seen(2, spoofed)).ip).toBe('203.0.113.5')
  })

  it('more hops than entries: the left-most, which a trusted proxy wrote', async () => {
    expect(
      await seen(3, { 'X-Forwarded-For': '203.0.113.5, 10.1.1.1', 'X-Forwarded-Proto': 'https' }),
    ).toMatchObject({ ip: '203.0.113.5', https: true })
  })

  it('no X-Forwarded-For at all: the socket peer, whatever X-Real-IP says', async () => {
    expect((await seen(1, { 'X-Real-IP': '6.6.6.6' })).ip).toBe('10.0.0.9')
  })
})

describe('TRUST_PROXY=1 through the app: spoofed headers do not make new clients', () => {
  it('20 requests with varying X-Real-IP and client-written X-Forwarded-For prefixes count as one client, the right-most hop', async () => {
    const keys: (string | undefined)[] = []
    const gateway: Gateway = {
      call: async (call) => (
        keys.push(call.clientKey),
        { body: '{}', contentType: 'application/json', costUsd: 0, cache: 'MISS' }
      ),
      quote: async (call) => ({ operation: call.operation, priceUsd: 0, cached: false }),
    }
    const app = createApp({
      config: loadConfig({ TRUST_PROXY: '1', DATA_API_TOKEN: '' }),
      gateway,
      log: () => {},
    })
    for (let i = 0; i < 20; i++) {
      const headers = {
        'X-Real-IP': `198.51.100.${i}`,
        'X-Forwarded-For': `192.0.2.${i}, 192.0.2.${i + 100}, 203.0.113.7`,
      }
      const res = await app.request(
        `/api/search?location=48.8566,2.3522&locationRadius=25km&type=video`,
        { headers },
        PEER,
      )
      expect(res.status).toBe(200)
    }
    expect(keys).toHaveLength(20)
    expect(new Set(keys)).toEqual(new Set(['203.0.113.7']))
  })
})
