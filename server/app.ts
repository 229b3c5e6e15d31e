/** createApp(deps) → the function: every /api route, validation before payment, JSON errors, 404 and 405. */
import { Hono, type MiddlewareHandler } from 'hono'
import type { Config } from './config.ts'
import type { AppEnv } from './app-context.ts'
import { ApiFailure, errorResponse } from './errors.ts'
import type { Gateway } from './gateway.ts'
import { captionFiles } from './routes/caption-files.ts'
import { captions } from './routes/captions.ts'
import { channels } from './routes/channels.ts'
import { commentReplies } from './routes/comment-replies.ts'
import { health } from './routes/health.ts'
import { openapi } from './openapi/route.ts'
import { popularVideos } from './routes/popular-videos.ts'
import { quoteRoute } from './routes/quote.ts'
import { search } from './routes/search.ts'
import { clientAddress } from './security/request-origin.ts'
import { sameOriginOnly } from './security/same-origin.ts'
import { securityHeaders } from './security/security-headers.ts'
import { limitRequestTarget } from './security/request-size.ts'
import { StorageUnavailable } from './db/database.ts'
import { PricedFailure } from './spend/priced-failure.ts'
import { storageFailure } from './db/storage-failure.ts'
import type { StorageHealth } from './db/money-tables-check.ts'

export type AppDeps = {
  config: Config
  gateway: Gateway
  /** Runs before every /api route, after the same-origin check (the sign-in guard). Security headers are always on. */
  middleware?: MiddlewareHandler<AppEnv>[]
  /** Extra /api routes (spend, sign-in, simulator controls), mounted by path. */
  routes?: Record<string, Hono<AppEnv>>
  /** Whether the money tables were found readable, for /api/health (ok when the function has no database). */
  storageHealth?: () => StorageHealth
  log?: (line: string) => void
}

/** Paths that exist, with their methods, so a wrong method gets 405 rather than 404. */
const METHODS: [RegExp, string][] = [
  [/^\/api\/(search|popularVideos|commentReplies|channels|health|spend|openapi\.json)\/?$/, 'GET, HEAD'],
  [/^\/api\/quote\/?$/, 'GET, HEAD, POST'],
  [/^\/api\/caption-default-languages\/?$/, 'POST'],
  [/^\/api\/spend\/interrupted\/[^/]+\/reconcile\/?$/, 'POST'],
  [/^\/api\/(captions|files\/captions)\/[^/]+\/?$/, 'GET, HEAD'],
  [/^\/api\/session\/?$/, 'GET, HEAD, POST, DELETE'],
  [/^\/api\/collections\/?$/, 'GET, HEAD, POST'],
  [/^\/api\/collections\/[^/]+\/?$/, 'GET, HEAD'],
  [/^\/api\/collections\/[^/]+\/videos\/?$/, 'POST'],
  [/^\/api\/collections\/[^/]+\/collect\/?$/, 'GET, HEAD, POST, DELETE'],
  [
    /^\/api\/collections\/[^/]+\/(search|stats|export\/(kwic\.csv|kwic\.provenance\.json|corpus\.zip))\/?$/,
    'GET, HEAD',
  ],
]

const OK = (): StorageHealth => ({ status: 'ok' })

export function createApp(deps: AppDeps) {
  const log = deps.log ?? ((line: string) => console.error(line))
  const api = new Hono<AppEnv>()
  const trustedHops = deps.config.trustProxyHops
  api.use(async (c, next) => {
    c.set('config', deps.config)
    c.set('gateway', deps.gateway)
    c.set('storageHealth', deps.storageHealth ?? OK)
    c.set('clientKey', clientAddress(c, trustedHops))
    await next()
  })
  api.use(sameOriginOnly(trustedHops))
  // Before the sign-in guard: the document describes the interface and holds no secret.
  api.route('/openapi.json', openapi)
  for (const m of deps.middleware ?? []) api.use(m)
  api
    .route('/health', health)
    .route('/search', search)
    .route('/popularVideos', popularVideos)
    .route('/captions', captions)
    .route('/files/captions', captionFiles)
    .route('/commentReplies', commentReplies)
    .route('/channels', channels)
    .route(
      '/quote',
      quoteRoute((req) => app.fetch(req)),
    )
  for (const [path, route] of Object.entries(deps.routes ?? {})) api.route(path, route)

  // Registered first on the top app: covers /api and whatever is added later (static files in entry-node.ts).
  const app = new Hono().use(securityHeaders(deps.config), limitRequestTarget()).route('/api', api)
  // Hono uses the top app's handlers for mounted routes: set them there.
  app.notFound((c) => {
    const path = new URL(c.req.url).pathname
    const allowed = METHODS.find(([re]) => re.test(path))?.[1]
    if (allowed && !allowed.split(', ').includes(c.req.method)) {
      c.header('Allow', allowed)
      const use = allowed === 'GET, HEAD' ? 'GET' : allowed.replace(/, ([A-Z]+)$/, ' or $1')
      return errorResponse(
        c,
        new ApiFailure(405, 'method_not_allowed', `${c.req.method} is not allowed on ${path}; use ${use}.`),
      )
    }
    return errorResponse(c, new ApiFailure(404, 'not_found', `There is no API route ${path}.`))
  })
  app.onError((err, c) => {
    if (err instanceof PricedFailure) {
      // A failure can still have cost money (or been answered free from the cache): the cost meter must know.
      c.header('X-Cost-USD', String(err.costUsd))
      if (err.cache) c.header('X-Cache', err.cache)
    }
    if (err instanceof ApiFailure) return errorResponse(c, err)
    if (err instanceof StorageUnavailable) return errorResponse(c, storageFailure(err))
    log(
      `[api] unexpected error on ${c.req.method} ${new URL(c.req.url).pathname}: ${err instanceof Error ? err.message : String(err)}`,
    )
    return errorResponse(
      c,
      new ApiFailure(
        500,
        'internal_error',
        'The dashboard server hit an unexpected error; it has been logged.',
      ),
    )
  })
  return app
}
