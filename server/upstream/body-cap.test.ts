import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiFailure } from '../errors.ts'
import { createUpstreamClient, DEFAULT_MAX_BYTES } from './client.ts'

const TOKEN = 'poix-CAPtoken-5678'
const KB = 1024
const CAP = 256 * KB
const chunk = Buffer.alloc(64 * KB, 'a')

const failureOf = (p: Promise<unknown>): Promise<ApiFailure> =>
  p.then(
    () => {
      throw new Error('expected a failure')
    },
    (e: unknown) => {
      expect(e).toBeInstanceOf(ApiFailure)
      return e as ApiFailure
    },
  )

const search = { operation: 'GET /search' as const, path: '/search', query: {} }

describe('the node:http transport stops reading past UPSTREAM_MAX_BYTES', () => {
  let server: Server
  let origin = ''
  /** What the service managed to send of each answer before the connection closed. */
  const sent: Record<string, { bytes: number; finished: boolean; cutOff: boolean }> = {}

  /** Writes `total` bytes in 64 KB chunks, waiting for the reader like a real server; stops when the connection goes. */
  function stream(res: ServerResponse, name: string, total: number) {
    const record: (typeof sent)[string] = { bytes: 0, finished: false, cutOff: false }
    sent[name] = record
    res.once('close', () => (record.cutOff = !record.finished))
    const next = () => {
      while (record.bytes < total && !res.destroyed) {
        record.bytes += chunk.byteLength
        if (!res.write(chunk)) return void res.once('drain', next)
      }
      if (!res.destroyed) res.end(() => (record.finished = true))
    }
    next()
  }

  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = req.url ?? ''
      if (path === '/huge') {
        res.writeHead(200, { 'Content-Type': 'application/json' }) // chunked: no Content-Length to go by
        return stream(res, path, 64 * 1024 * KB)
      }
      if (path === '/announced') {
        res.writeHead(200, { 'Content-Type': 'text/vtt', 'Content-Length': String(100 * 1024 * KB) })
        res.write('WEBVTT\n') // and then nothing: the client must not wait for the rest
        return
      }
      if (path === '/at-cap') {
        res.writeHead(200, { 'Content-Type': 'text/plain' })
        return stream(res, path, CAP)
      }
      if (path === '/huge-error') {
        res.writeHead(503, { 'Content-Type': 'text/html' })
        return stream(res, path, 8 * 1024 * KB)
      }
      res.writeHead(404).end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  const client = (timeoutMs = 5000) =>
    createUpstreamClient({ token: TOKEN, baseUrl: origin, timeoutMs, maxBytes: CAP })

  it('a 64 MB answer: 502 upstream_too_large, charged, and the connection is dropped near the cap', async () => {
    const f = await failureOf(client().request({ ...search, path: '/huge' }))
    expect(f).toMatchObject({ status: 502, code: 'upstream_too_large', charged: true })
    expect(f.message).toBe(
      'The data service sent an answer larger than 256 KB (UPSTREAM_MAX_BYTES); nothing was cached.',
    )
    await expect.poll(() => sent['/huge']?.cutOff).toBe(true)
    expect(sent['/huge']!.bytes).toBeLessThan(16 * 1024 * KB) // the cap plus socket buffers, not 64 MB
  })

  it('a Content-Length past the cap fails at once, before the body (no wait for the time-out)', async () => {
    const started = Date.now()
    const f = await failureOf(client(3000).request({ ...search, path: '/announced' }))
    expect(f).toMatchObject({ status: 502, code: 'upstream_too_large', charged: true })
    expect(Date.now() - started).toBeLessThan(1000)
  })

  it('an answer of exactly the cap passes', async () => {
    const answer = await client().request({ ...search, path: '/at-cap' })
    expect(answer.bytes).toBe(CAP)
  })

  it('an oversized error answer keeps its status (503 → upstream_error), its body unread', async () => {
    const f = await failureOf(client().request({ ...search, path: '/huge-error' }))
    expect(f).toMatchObject({ status: 502, code: 'upstream_error' })
    expect(f.message).toContain('status 503')
  })
})

describe('the fetch path (simulator, tests) reads the body incrementally and cancels past the cap', () => {
  /** An endless body: arrayBuffer() on it would never return. */
  function endless() {
    const state = { pulled: 0, cancelled: false }
    const body = new ReadableStream<Uint8Array>({
      pull(ctl) {
        state.pulled += chunk.byteLength
        ctl.enqueue(new Uint8Array(chunk))
      },
      cancel() {
        state.cancelled = true
      },
    })
    return { state, body }
  }
  const over = (maxBytes?: number, headers: Record<string, string> = {}) => {
    const { state, body } = endless()
    const fetch = async () => new Response(body, { headers })
    const client = createUpstreamClient({
      token: TOKEN,
      baseUrl: 'https://api.poix.test',
      timeoutMs: 5000,
      fetch,
      maxBytes,
    })
    return { state, client }
  }

  it('an endless 200: 502 upstream_too_large, the stream cancelled just past the cap', async () => {
    const { state, client } = over(CAP)
    const f = await failureOf(client.request(search))
    expect(f).toMatchObject({ status: 502, code: 'upstream_too_large', charged: true })
    expect(state.cancelled).toBe(true)
    expect(state.pulled).toBeLessThanOrEqual(CAP + 2 * chunk.byteLength)
  })

  it('caps at 32 MB when no maxBytes is given', async () => {
    expect(DEFAULT_MAX_BYTES).toBe(32 * 1024 * 1024)
    const { state, client } = over(undefined)
    const f = await failureOf(client.request(search))
    expect(f.message).toBe(
      'The data service sent an answer larger than 32 MB (UPSTREAM_MAX_BYTES); nothing was cached.',
    )
    expect(state.pulled).toBeLessThanOrEqual(DEFAULT_MAX_BYTES + 2 * chunk.byteLength)
  })

  it('a Content-Length past the cap fails before reading', async () => {
    const { state, client } = over(CAP, { 'Content-Length': String(CAP + 1) })
    expect(await failureOf(client.request(search))).toMatchObject({ code: 'upstream_too_large' })
    expect(state.pulled).toBeLessThanOrEqual(chunk.byteLength) // at most what the stream queued before anyone read
  })

  it('a body within the cap passes byte for byte', async () => {
    const body = '\uFEFFWEBVTT\n\n00:00.000 --> 00:01.000\nhé\n'
    const fetch = async () => new Response(body)
    const client = createUpstreamClient({
      token: TOKEN,
      baseUrl: 'https://api.poix.test',
      timeoutMs: 5000,
      fetch,
      maxBytes: Buffer.byteLength(body),
    })
    const answer = await client.request(search)
    expect(answer.body).toBe(body)
    expect(answer.bytes).toBe(Buffer.byteLength(body))
  })
})
