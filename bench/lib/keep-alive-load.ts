/**
 * A load generator of N connections, each its own keep-alive socket with one request in flight at a time.
 * The sockets are opened first, a batch at a time, before the measured run: on this machine a Node server
 * that is already saturated leaves new connections in its accept queue (seen: 405 of 500 waiting > 10 s, also
 * with a bare node:http server and with autocannon), so opening 500 at once under load measures that, not the
 * function. docs/decisions/0094-load-test.md
 */
import http from 'node:http'

/** body: the first 500 characters of an answer that is not 2xx (what went wrong is in it); undefined for 2xx. */
export type LoadAnswer = {
  status: number
  headers: http.IncomingHttpHeaders
  latencyMs: number
  body?: string
}

export type LoadOptions = {
  origin: string
  connections: number
  seconds: number
  timeoutSeconds: number
  /** Opens every connection with this request (not counted). */
  warmPath: string
  /** The next request's path and a label given back with its answer. */
  next: () => { path: string; label: string }
  onAnswer: (label: string, answer: LoadAnswer) => void
}

export type LoadResult = {
  requests: number
  errors: number
  timeouts: number
  durationSeconds: number
  opened: number
}

function get(
  agent: http.Agent,
  origin: string,
  path: string,
  timeoutMs: number,
): Promise<Omit<LoadAnswer, 'latencyMs'> | 'timeout'> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${origin}${path}`, { agent }, (res) => {
      const status = res.statusCode ?? 0
      const ok = status >= 200 && status < 300
      let body = ''
      // A 2xx body is read and dropped (the server must still send all of it); a failure's is kept to say why.
      if (ok) res.resume()
      else res.on('data', (chunk: Buffer) => (body = (body + chunk.toString('utf8')).slice(0, 500)))
      res.once('end', () => {
        clearTimeout(timer)
        resolve({ status, headers: res.headers, ...(ok ? {} : { body }) })
      })
      res.once('error', (e) => {
        clearTimeout(timer)
        reject(e)
      })
    })
    const timer = setTimeout(() => {
      req.destroy()
      resolve('timeout')
    }, timeoutMs)
    req.once('error', (e) => {
      clearTimeout(timer)
      reject(e)
    })
  })
}

export async function runKeepAliveLoad(opts: LoadOptions): Promise<LoadResult> {
  const agents = Array.from(
    { length: opts.connections },
    () => new http.Agent({ keepAlive: true, maxSockets: 1 }),
  )
  const timeoutMs = opts.timeoutSeconds * 1000
  let opened = 0
  try {
    for (let i = 0; i < agents.length; i += 25) {
      await Promise.all(
        agents.slice(i, i + 25).map(async (agent) => {
          const r = await get(agent, opts.origin, opts.warmPath, timeoutMs)
          if (r !== 'timeout' && r.status < 500) opened++
        }),
      )
    }
    let requests = 0
    let errors = 0
    let timeouts = 0
    const started = performance.now()
    const deadline = started + opts.seconds * 1000
    await Promise.all(
      agents.map(async (agent) => {
        while (performance.now() < deadline) {
          const { path, label } = opts.next()
          const t0 = performance.now()
          try {
            const r = await get(agent, opts.origin, path, timeoutMs)
            if (r === 'timeout') timeouts++
            else {
              requests++
              opts.onAnswer(label, { ...r, latencyMs: performance.now() - t0 })
            }
          } catch {
            errors++
          }
        }
      }),
    )
    return { requests, errors, timeouts, durationSeconds: (performance.now() - started) / 1000, opened }
  } finally {
    for (const a of agents) a.destroy()
  }
}
