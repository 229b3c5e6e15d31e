/**
 * Oversized requests against the real node server, in a child process whose memory is read from /proc: bodies
 * capped as they stream (413), long URLs (414) and heads past Node's parser limit (431), all as the JSON error.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BODY_LIMITS } from './security/body-limit.ts'
import { MAX_HEADER_BYTES, MAX_REQUEST_TARGET } from './security/request-size.ts'

const MB = 1024 * 1024
let child: ChildProcess
let port: number

beforeAll(async () => {
  child = spawn(process.execPath, ['--import', 'tsx', 'server/testing/node-server-process.ts'], {
    env: { ...process.env, DATA_DIR: ':memory:', PORT: '0', HOST: '127.0.0.1', DATA_API_TOKEN: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)))
    child.stdout!.on('data', (d: Buffer) => {
      const m = /listening (\d+)/.exec(String(d))
      if (m) resolve(Number(m[1]))
    })
  })
}, 60_000)

afterAll(async () => {
  if (!child?.pid || child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  process.kill(child.pid, 'SIGTERM')
  const timer = setTimeout(() => child.pid && process.kill(child.pid, 'SIGKILL'), 5000)
  await exited
  clearTimeout(timer)
})

/** The child's resident memory now, and its peak since the last reset, in MB. */
function memoryMb(): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)![1])
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 }
}
/** Resets the peak (VmHWM) to the current resident size. */
const resetPeak = () => writeFileSync(`/proc/${child.pid}/clear_refs`, '5')

type Answer = { status: number; contentType: string; body: string; sentBytes: number }

/**
 * POSTs `total` bytes of JSON-ish filler, generated 64 KB at a time as the socket drains (never held whole), with a
 * Content-Length or chunked; stops sending as soon as the answer arrives.
 */
function streamPost(path: string, total: number, opts: { chunked: boolean; body?: Buffer }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const chunk = Buffer.alloc(64 * 1024, 0x20)
    const headers: Record<string, string> = { 'Content-Type': 'application/json' }
    if (!opts.chunked) headers['Content-Length'] = String(opts.body?.length ?? total)
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path, headers })
    let sentBytes = 0
    let answered = false
    req.on('error', (e) => answered || reject(e))
    req.on('response', (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (d: string) => (body += d))
      res.on('end', () => {
        answered = true
        req.destroy()
        resolve({
          status: res.statusCode!,
          contentType: String(res.headers['content-type']),
          body,
          sentBytes,
        })
      })
    })
    if (opts.body) {
      sentBytes = opts.body.length
      return void req.end(opts.body)
    }
    const write = () => {
      while (sentBytes < total && !answered) {
        const part = total - sentBytes < chunk.length ? chunk.subarray(0, total - sentBytes) : chunk
        sentBytes += part.length
        if (!req.write(part)) return void req.once('drain', write)
      }
      if (!answered) req.end()
    }
    write()
  })
}

/** Sends raw bytes and returns what came back before the server closed the connection. */
function rawExchange(text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    let out = ''
    socket.setEncoding('utf8')
    socket.on('data', (d: string) => (out += d))
    socket.on('error', () => resolve(out)) // a reset after the answer still leaves the answer
    socket.on('close', () => resolve(out))
    socket.end(text)
  })
}

const errorIn = (body: string) =>
  (JSON.parse(body) as { error: { code: string; message: string; param?: string } }).error

/** A valid POST /api/collections body of about `bytes`, sent chunked: metadata of many videos. */
function collectionBody(bytes: number): Buffer {
  const videos = Array.from({ length: Math.ceil(bytes / 1000) }, (_, i) => ({
    videoId: `v${String(i).padStart(10, '0')}`,
    title: 't'.repeat(1000),
  }))
  return Buffer.from(JSON.stringify({ name: 'under the limit', videos }))
}

describe('request bodies capped as they stream (real node server)', () => {
  it('a small valid body is answered (and warms the server before measuring)', async () => {
    const res = await streamPost('/api/collections', 0, {
      chunked: false,
      body: Buffer.from('{"name":"warm-up"}'),
    })
    expect(res.status).toBe(201)
  })

  it('600 MB streamed chunked to POST /api/collections: 413 with the JSON error, memory within 50 MB', async () => {
    const before = memoryMb()
    resetPeak()
    const res = await streamPost('/api/collections', 600 * MB, { chunked: true })
    const after = memoryMb()
    console.log(
      `600 MB chunked body: server RSS ${before.rss.toFixed(1)} MB before, peak ${after.peak.toFixed(1)} MB during, ${after.rss.toFixed(1)} MB after; client sent ${(res.sentBytes / MB).toFixed(1)} MB before the answer`,
    )
    expect(res.status).toBe(413)
    expect(res.contentType).toMatch(/^application\/json/)
    const error = errorIn(res.body)
    expect(error).toMatchObject({ code: 'invalid_query', param: 'body' })
    expect(error.message).toContain('8 MB')
    expect(after.peak - before.rss).toBeLessThan(50)
    // The server stopped reading near the limit: the client was answered long before its 600 MB were out.
    expect(res.sentBytes).toBeLessThan(128 * MB)
  })

  it('600 MB announced by Content-Length: 413 before the body is read', async () => {
    const before = memoryMb()
    resetPeak()
    const res = await streamPost('/api/collections', 600 * MB, { chunked: false })
    expect(res.status).toBe(413)
    expect(errorIn(res.body).param).toBe('body')
    expect(memoryMb().peak - before.rss).toBeLessThan(50)
    expect(res.sentBytes).toBeLessThan(128 * MB)
  })

  it('a chunked body one byte over the limit: 413', async () => {
    const res = await streamPost('/api/collections', BODY_LIMITS.videos + 1, { chunked: true })
    expect(res.status).toBe(413)
    expect(errorIn(res.body).message).toMatch(/larger than 8 MB, the most POST \/api\/collections takes/)
  })

  it('a chunked body under the limit still works', async () => {
    const body = collectionBody(2 * MB)
    expect(body.length).toBeGreaterThan(2 * MB)
    const res = await new Promise<Answer>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/collections' }, (r) => {
        let text = ''
        r.setEncoding('utf8')
        r.on('data', (d: string) => (text += d))
        r.on('end', () =>
          resolve({ status: r.statusCode!, contentType: '', body: text, sentBytes: body.length }),
        )
      })
      req.on('error', reject)
      // Written in pieces without a Content-Length: Node sends it chunked.
      for (let i = 0; i < body.length; i += 64 * 1024) req.write(body.subarray(i, i + 64 * 1024))
      req.end()
    })
    expect(res.status).toBe(201)
    expect(JSON.parse(res.body)).toMatchObject({ name: 'under the limit' })
  })
})

describe('long URLs and heads answered with the JSON error (real node server)', () => {
  it('a 100 KB query string: 414 naming the limit', async () => {
    const answer = await rawExchange(
      `GET /api/health?q=${'a'.repeat(100 * 1024)} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
    )
    expect(answer).toMatch(/^HTTP\/1\.1 414 /)
    expect(answer).toMatch(/\r\ncontent-type: application\/json/i)
    const error = errorIn(answer.slice(answer.indexOf('\r\n\r\n') + 4))
    expect(error).toMatchObject({ code: 'invalid_query', param: 'url' })
    expect(error.message).toContain(`${MAX_REQUEST_TARGET / 1024} KB`)
  })

  it("a 1 MB request line, past Node's parser limit: a JSON 431, not a bare status line", async () => {
    const answer = await rawExchange(
      `GET /api/health?q=${'a'.repeat(MB)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
    )
    expect(answer).toMatch(/^HTTP\/1\.1 431 /)
    expect(answer).toMatch(/\r\nContent-Type: application\/json/)
    expect(answer).toMatch(/\r\nConnection: close\r\n/)
    const error = errorIn(answer.slice(answer.indexOf('\r\n\r\n') + 4))
    expect(error.message).toContain(`${MAX_HEADER_BYTES / 1024} KB`)
  })

  it('a URL just under the limit still reaches its route', async () => {
    const answer = await rawExchange(
      `GET /api/search?location=${'1'.repeat(MAX_REQUEST_TARGET - 100)} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
    )
    expect(answer).toMatch(/^HTTP\/1\.1 400 /)
    expect(errorIn(answer.slice(answer.indexOf('\r\n\r\n') + 4)).param).toBe('location')
  })
})
