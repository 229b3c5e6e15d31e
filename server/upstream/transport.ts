/**
 * How the upstream client reaches the service: a GET with our headers, answered with a status, headers and
 * the whole body. Live mode uses node:http(s) with keep-alive agents: per call it costs about half the CPU of
 * the global fetch, whose web streams and Request/Response objects the function does not need (decision 0110).
 * A fetch-shaped function (the embedded simulator, tests' failing transports) fits through fromFetch.
 */
import http from 'node:http'
import https from 'node:https'

export type TransportAnswer = {
  status: number
  header(name: string): string | null
  /** The whole body; rejects when the connection breaks before its end, or with BodyTooLarge past maxBytes. */
  body(): Promise<Uint8Array>
}

type TransportInit = {
  headers: Record<string, string>
  signal: AbortSignal
  /** Bytes of body read at most (default: no cap). */ maxBytes?: number
}

export type Transport = (url: string, init: TransportInit) => Promise<TransportAnswer>

export type FetchLike = (request: Request) => Promise<Response>

/** The body passed the cap; reading stopped there and the connection was dropped. */
export class BodyTooLarge extends Error {
  readonly maxBytes: number
  constructor(maxBytes: number) {
    super(`the answer is larger than ${maxBytes} bytes`)
    this.name = 'BodyTooLarge'
    this.maxBytes = maxBytes
  }
}

export function fromFetch(fetchLike: FetchLike): Transport {
  return async (url, { headers, signal, maxBytes = Infinity }) => {
    const res = await fetchLike(new Request(url, { method: 'GET', headers, signal }))
    return {
      status: res.status,
      header: (name) => res.headers.get(name),
      body: () => readCapped(res, maxBytes),
    }
  }
}

/** Reads a fetch body chunk by chunk, so an oversized answer is cancelled at the cap instead of held whole in memory. */
async function readCapped(res: Response, maxBytes: number): Promise<Uint8Array> {
  if (!res.body) return new Uint8Array(0)
  const reader = res.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      reader.cancel().catch(() => undefined) // not awaited: a stream slow to cancel must not hold the answer
      throw new BodyTooLarge(maxBytes)
    }
    chunks.push(value)
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size)
}

/**
 * An idle kept-alive connection is dropped after this long, before a server drops it (Node's servers: 5 s), so
 * a call rarely picks one the server is closing; a shorter `Keep-Alive: timeout` hint from the server wins.
 */
export const IDLE_SOCKET_MS = 4000

/** Connections kept open between calls (a paid call should not also pay a TCP and TLS handshake). */
const agents = {
  http: new http.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
  https: new https.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
}

/** A kept-alive connection the service closed as idle just as we reused it: the request never reached it. */
const closedWhileIdle = (req: http.ClientRequest, e: unknown) =>
  req.reusedSocket && ['ECONNRESET', 'EPIPE'].includes((e as NodeJS.ErrnoException).code ?? '')

export const nodeTransport: Transport = (url, init) => send(url, init, true)

/** mayRetry: the first attempt, on a pooled connection; the retry opens a connection of its own (agent: false). */
function send(url: string, init: TransportInit, mayRetry: boolean): Promise<TransportAnswer> {
  const { headers, signal, maxBytes = Infinity } = init
  return new Promise<TransportAnswer>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const secure = url.startsWith('https:')
    const req = (secure ? https : http).request(url, {
      method: 'GET',
      headers,
      // Other pooled connections may have been closed in the same moment: the retry must not pick one of them.
      agent: mayRetry ? (secure ? agents.https : agents.http) : false,
    })
    const onAbort = () =>
      req.destroy(signal.reason instanceof Error ? signal.reason : new Error('The request was cancelled.'))
    signal.addEventListener('abort', onAbort, { once: true })
    let answered = false
    req.once('error', (e) => {
      signal.removeEventListener('abort', onAbort)
      // Node's documented remedy for that race: send once more on a fresh connection. Never once an answer began.
      if (mayRetry && !answered && closedWhileIdle(req, e) && !signal.aborted) resolve(send(url, init, false))
      else reject(e)
    })
    req.once('response', (res) => {
      answered = true
      const chunks: Buffer[] = []
      let size = 0
      const body = new Promise<Uint8Array>((done, fail) => {
        res.on('data', (chunk: Buffer) => {
          size += chunk.byteLength
          if (size > maxBytes) {
            fail(new BodyTooLarge(maxBytes))
            chunks.length = 0
            return req.destroy() // stop the transfer: nothing more of it is read or kept
          }
          chunks.push(chunk)
        })
        res.once('end', () => done(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size)))
        res.once('error', fail)
        // A connection that closes before the end of the body (a reset, a cancelled call) is no answer.
        res.once('close', () => {
          if (!res.complete) fail(new Error('the connection closed before the end of the answer'))
        })
        req.once('error', fail)
      }).finally(() => signal.removeEventListener('abort', onAbort))
      body.catch(() => undefined) // read by body(); a caller that never reads it must not crash the process
      const raw = res.headers
      resolve({
        status: res.statusCode ?? 0,
        header: (name) => {
          const v = raw[name.toLowerCase()]
          return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v
        },
        body: () => body,
      })
    })
    req.end()
  })
}
