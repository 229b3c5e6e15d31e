/**
 * The simulated data service: the same paths, parameters, auth and wire format as the real one (spec), over the
 * seeded dataset, with a price per request, call statistics and fault injection for tests.
 */
import { Hono } from 'hono'
import { priceOf, type Operation } from '#contract/index.ts'
import {
  forbiddenResponse,
  messageResponse,
  noRouteResponse,
  serverErrorResponse,
  SimulatorError,
} from './errors.ts'
import { applyFault, createFaults, type Faults } from './faults.ts'
import type { SimEnv, SimContext } from './routes/query.ts'
import { captionFiles, captions } from './routes/captions.ts'
import { channels } from './routes/channels.ts'
import { commentReplies } from './routes/comment-replies.ts'
import { popularVideos } from './routes/popular-videos.ts'
import { search } from './routes/search.ts'
import { callKey, createStats, type CallLog, type SimulatorStats } from './stats.ts'
import { SIMULATOR_TOKEN } from './token.ts'

export type SimulatorOptions = {
  /** The Bearer token it accepts; SIMULATOR_TOKEN by default. */
  token?: string
  /** Its `{base_url}` in captionsUrl, staticUrl…; the origin of each request when omitted. */
  baseUrl?: string
}

export type Simulator = {
  app: Hono<SimEnv>
  /** Like a network fetch: rejects with the signal's reason when the request is aborted before the answer. */
  fetch(req: Request): Promise<Response>
  stats(): SimulatorStats
  /** Each call's key (stats.ts, callKey), in arrival order: tests match them with the function's ledger rows. */
  callLog(): CallLog
  resetStats(): void
  faults: Faults
}

/** Each response carries what the request cost, as priced in contract/prices.ts (0 when it failed). */
export const COST_HEADER = 'X-Simulator-Cost-USD'

const OPERATIONS: { path: string; operation: Operation; handler: (c: SimContext) => Response }[] = [
  { path: '/search', operation: 'GET /search', handler: search },
  { path: '/popularVideos', operation: 'GET /popularVideos', handler: popularVideos },
  { path: '/captions/:videoId', operation: 'GET /captions/{videoId}', handler: captions },
  { path: '/files/captions/:videoId', operation: 'GET /files/captions/{videoId}', handler: captionFiles },
  { path: '/commentReplies', operation: 'GET /commentReplies', handler: commentReplies },
  { path: '/channels', operation: 'GET /channels', handler: channels },
]

function operationOf(pathname: string): Operation | undefined {
  const parts = pathname.split('/')
  return OPERATIONS.find((op) => {
    const pattern = op.path.split('/')
    return (
      pattern.length === parts.length &&
      pattern.every((seg, i) => (seg.startsWith(':') ? parts[i] !== '' : seg === parts[i]))
    )
  })?.operation
}

function bearerOf(header: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1]
}

export function createSimulator(opts: SimulatorOptions = {}): Simulator {
  const token = opts.token ?? SIMULATOR_TOKEN
  const faults = createFaults()
  const stats = createStats()
  const app = new Hono<SimEnv>()

  app.use(async (c, next) => {
    const url = new URL(c.req.url)
    const operation =
      c.req.method === 'GET' || c.req.method === 'HEAD' ? operationOf(url.pathname) : undefined
    if (!operation) return noRouteResponse(url.pathname)
    stats.call(operation, callKey(c.req.method, url.pathname, url.searchParams))
    c.set('baseUrl', (opts.baseUrl ?? url.origin).replace(/\/+$/, ''))

    const bearer = bearerOf(c.req.header('Authorization'))
    const fault = faults.take(url.pathname, url.searchParams.has('pageToken'))
    if (!bearer)
      c.res = forbiddenResponse('Missing API token: send the header Authorization: Bearer <token>.')
    else if (bearer !== token) c.res = forbiddenResponse('Invalid API token.')
    else if (fault) c.res = await applyFault(fault, c, next)
    else await next()

    const cost = c.res.status >= 200 && c.res.status < 300 ? priceOf(operation) : 0
    stats.charge(cost)
    c.header(COST_HEADER, String(cost))
  })
  for (const op of OPERATIONS) app.get(op.path, (c) => op.handler(c))

  app.onError((err, c) => {
    if (err instanceof SimulatorError) return messageResponse(err.status, err.message)
    if (c.req.raw.signal.aborted) throw err
    console.error(
      `[simulator] ${c.req.method} ${new URL(c.req.url).pathname}: ${err instanceof Error ? err.stack : String(err)}`,
    )
    return serverErrorResponse(500)
  })

  return {
    app,
    fetch(req) {
      const signal = req.signal
      if (signal.aborted) return Promise.reject(signal.reason)
      return new Promise<Response>((resolve, reject) => {
        const onAbort = () => reject(signal.reason)
        signal.addEventListener('abort', onAbort, { once: true })
        Promise.resolve(app.fetch(req))
          .then(resolve, reject)
          .finally(() => signal.removeEventListener('abort', onAbort))
      })
    },
    stats: () => stats.snapshot(),
    callLog: () => stats.callLog(),
    resetStats: () => stats.reset(),
    faults: { set: (rule) => faults.set(rule), clear: () => faults.clear(), current: () => faults.current() },
  }
}
