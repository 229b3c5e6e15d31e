import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiFailure } from '../errors.ts'
import { createUpstreamClient } from './client.ts'
import { IDLE_SOCKET_MS, nodeTransport } from './transport.ts'

/** A real service on 127.0.0.1 whose answers each test picks by path. */
let server: Server
let origin = ''
const seenHeaders: Record<string, string | string[] | undefined>[] = []
const connections = new Set<string>()
/** Set: every connection that has already served a request is reset on its next one (the server closed them all as idle). */
let closeServedConnections = false

const routes: Record<string, (res: ServerResponse) => void> = {
  '/ok': (res) => {
    res.writeHead(200, { 'Content-Type': 'text/vtt; charset=utf-8', 'Retry-After': '7' })
    res.end('\uFEFFWEBVTT\n\n00:00.000 --> 00:01.000\nhé\n')
  },
  '/chunked': (res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' })
    res.write('{"data":[')
    setTimeout(() => res.end('1,2,3]}'), 5)
  },
  '/reset-mid-body': (res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' })
    res.write('{"data":[1,2')
    setTimeout(() => res.socket?.destroy(), 5)
  },
  '/never': () => undefined,
  '/reset-now': (res) => res.socket?.destroy(),
  '/then-idle-close': (res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' })
    res.end('first')
  },
  '/refused': (res) => {
    res.writeHead(429, { 'Retry-After': '12', 'Content-Type': 'application/json' })
    res.end('{"message":"slow down"}')
  },
}

beforeAll(async () => {
  server = createServer((req, res) => {
    seenHeaders.push(req.headers)
    connections.add(`${req.socket.remotePort}`)
    // The second request on a kept-alive connection finds it closed as idle: reset before any answer.
    const served = (req.socket as { served?: number }).served
    if ((req.url === '/idle-closed' || closeServedConnections) && served) return req.socket.destroy()
    ;(req.socket as { served?: number }).served = 1
    if (req.url === '/idle-closed') return routes['/then-idle-close']!(res)
    ;(routes[req.url ?? ''] ?? ((r: ServerResponse) => r.writeHead(404).end()))(res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const call = (path: string, signal = new AbortController().signal) =>
  nodeTransport(`${origin}${path}`, {
    headers: { Authorization: 'Bearer t0k', Accept: 'application/json' },
    signal,
  })

describe('the node:http transport', () => {
  it('returns status, headers and the body byte for byte, and sends only the headers it is given', async () => {
    const res = await call('/ok')
    expect(res.status).toBe(200)
    expect(res.header('content-type')).toBe('text/vtt; charset=utf-8')
    expect(res.header('Retry-After')).toBe('7')
    expect(res.header('X-Missing')).toBeNull()
    const bytes = await res.body()
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]) // the BOM survives
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
      '\uFEFFWEBVTT\n\n00:00.000 --> 00:01.000\nhé\n',
    )
    const sent = seenHeaders.at(-1)!
    expect(sent.authorization).toBe('Bearer t0k')
    expect(sent.cookie).toBeUndefined()
  })

  it('joins a body that arrives in pieces', async () => {
    expect(new TextDecoder().decode(await (await call('/chunked')).body())).toBe('{"data":[1,2,3]}')
  })

  it('keeps the connection open for the next call', async () => {
    connections.clear()
    for (let i = 0; i < 5; i++) await (await call('/ok')).body()
    expect(connections.size).toBe(1)
  })

  it('sends once more on a fresh connection when a reused one was closed as idle, and only once', async () => {
    await (await call('/ok')).body() // a kept-alive connection waits in the pool
    let before = seenHeaders.length
    expect(new TextDecoder().decode(await (await call('/idle-closed')).body())).toBe('first')
    expect(seenHeaders.length - before).toBe(2) // the reset attempt, then the fresh connection
    await (await call('/ok')).body()
    before = seenHeaders.length
    await expect(call('/reset-now')).rejects.toThrow() // reset on the pooled connection, then on the fresh one
    expect(seenHeaders.length - before).toBe(2) // never a third time
  })

  it('retries on a connection of its own when every pooled one was closed in the same moment', async () => {
    // Four calls at once leave four kept-alive connections in the pool; the server then drops them all.
    await Promise.all(Array.from({ length: 4 }, async () => (await call('/ok')).body()))
    closeServedConnections = true
    try {
      const before = seenHeaders.length
      expect((await call('/ok')).status).toBe(200)
      expect(seenHeaders.length - before).toBe(2) // one reset on a pooled connection, then a fresh one
    } finally {
      closeServedConnections = false
    }
  })

  it('closes an idle connection itself before a server would (Node servers: 5 s)', async () => {
    expect(IDLE_SOCKET_MS).toBeLessThan(5000)
    server.keepAliveTimeout = 60_000 // this server would keep it a minute: the close below is the client's
    const closed = new Promise<number>((resolve) =>
      server.once('request', (req) => req.socket.once('end', () => resolve(performance.now()))),
    )
    await (await call('/ok')).body()
    const idleFrom = performance.now()
    const idleMs = (await closed) - idleFrom
    server.keepAliveTimeout = 5000
    expect(idleMs).toBeGreaterThan(IDLE_SOCKET_MS - 500)
    expect(idleMs).toBeLessThan(IDLE_SOCKET_MS + 2000)
  }, 10_000)

  it('rejects the body when the connection is reset before its end', async () => {
    const res = await call('/reset-mid-body')
    expect(res.status).toBe(200)
    await expect(res.body()).rejects.toThrow()
  })

  it('stops waiting when its signal is aborted, before or during the call', async () => {
    const before = new AbortController()
    before.abort(new Error('gone'))
    await expect(call('/ok', before.signal)).rejects.toThrow('gone')
    const during = new AbortController()
    const pending = call('/never', during.signal)
    setTimeout(() => during.abort(new Error('cancelled by the caller')), 10)
    await expect(pending).rejects.toThrow('cancelled by the caller')
  })
})

describe('the upstream client over the node:http transport (live mode)', () => {
  const client = (timeoutMs = 2000) => createUpstreamClient({ token: 't0k', baseUrl: origin, timeoutMs })
  const failureOf = async (p: Promise<unknown>): Promise<ApiFailure> => {
    const e = await p.then(
      () => undefined,
      (err: unknown) => err,
    )
    expect(e).toBeInstanceOf(ApiFailure)
    return e as ApiFailure
  }

  it('answers a 200 with its body, content type and size', async () => {
    const answer = await client().request({ operation: 'GET /captions/{videoId}', path: '/ok', query: {} })
    expect(answer.status).toBe(200)
    expect(answer.contentType).toBe('text/vtt; charset=utf-8')
    expect(answer.body.startsWith('\uFEFFWEBVTT')).toBe(true)
    expect(answer.bytes).toBe(Buffer.byteLength('\uFEFFWEBVTT\n\n00:00.000 --> 00:01.000\nhé\n'))
  })

  it('maps a 429 with its Retry-After', async () => {
    const f = await failureOf(client().request({ operation: 'GET /search', path: '/refused', query: {} }))
    expect(f.code).toBe('rate_limited')
    expect(f.message).toContain('12 s')
  })

  it('counts a 200 cut off mid-body as charged and unreadable', async () => {
    const f = await failureOf(
      client().request({ operation: 'GET /search', path: '/reset-mid-body', query: {} }),
    )
    expect(f.code).toBe('upstream_unreachable')
    expect(f.charged).toBe(true)
  })

  it('times out a service that never answers', async () => {
    const f = await failureOf(client(100).request({ operation: 'GET /search', path: '/never', query: {} }))
    expect(f.code).toBe('upstream_timeout')
  })

  it('names an unreachable service without the token', async () => {
    const dead = createUpstreamClient({ token: 't0k', baseUrl: 'http://127.0.0.1:1', timeoutMs: 2000 })
    const f = await failureOf(dead.request({ operation: 'GET /search', path: '/search', query: {} }))
    expect(f.code).toBe('upstream_unreachable')
    expect(f.charged).toBe(false)
    expect(f.message).not.toContain('t0k')
  })
})
