/** createApp(deps) → the function: every /api route, validation before payment, JSON errors, 404 and 405. */
import { Hono, type MiddlewareHandler } from 'hono'
import type { Config } from './config.ts'
import type { AppEnv } from './env.ts'
import { ApiFailure, errorResponse } from './errors.ts'
import type { Gateway } from './upstream/gateway.ts'
import { captionFiles } from './routes/caption-files.ts'
import { captions } from './routes/captions.ts'
import { channels } from './routes/channels.ts'
import { commentReplies } from './routes/comment-replies.ts'
import { health } from './routes/health.ts'
import { popularVideos } from './routes/popular-videos.ts'
import { quoteRoute } from './routes/quote.ts'
import { search } from './routes/search.ts'

export type AppDeps = {
  config: Config
  gateway: Gateway
  /** Runs before every /api route (security headers, sign-in guard, rate limits). */
  middleware?: MiddlewareHandler<AppEnv>[]
  /** Extra /api routes (spend, sign-in, simulator controls), mounted by path. */
  routes?: Record<string, Hono<AppEnv>>
  log?: (line: string) => void
}

/** Paths that exist, so a wrong method gets 405 rather than 404. */
const GET_ONLY = [/^\/api\/(search|popularVideos|commentReplies|channels|health|quote|spend)\/?$/, /^\/api\/(captions|files\/captions)\/[^/]+\/?$/]

function clientKeyOf(c: Parameters<MiddlewareHandler<AppEnv>>[0]): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming
  return incoming?.socket?.remoteAddress ?? 'local'
}

export function createApp(deps: AppDeps) {
  const log = deps.log ?? ((line: string) => console.error(line))
  const api = new Hono<AppEnv>()
  api.use(async (c, next) => {
    c.set('config', deps.config)
    c.set('gateway', deps.gateway)
    c.set('clientKey', clientKeyOf(c))
    await next()
  })
  for (const m of deps.middleware ?? []) api.use(m)
  api
    .route('/health', health)
    .route('/search', search)
    .route('/popularVideos', popularVideos)
    .route('/captions', captions)
    .route('/files/captions', captionFiles)
    .route('/commentReplies', commentReplies)
    .route('/channels', channels)
    .route('/quote', quoteRoute((req) => app.fetch(req)))
  for (const [path, route] of Object.entries(deps.routes ?? {})) api.route(path, route)

  const app = new Hono().route('/api', api)
  // Hono uses the top app's handlers for mounted routes: set them there.
  app.notFound((c) => {
    const path = new URL(c.req.url).pathname
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && GET_ONLY.some((re) => re.test(path))) {
      c.header('Allow', 'GET, HEAD')
      return errorResponse(c, new ApiFailure(405, 'method_not_allowed', `${c.req.method} is not allowed on ${path}; use GET.`))
    }
    return errorResponse(c, new ApiFailure(404, 'not_found', `There is no API route ${path}.`))
  })
  app.onError((err, c) => {
    if (err instanceof ApiFailure) return errorResponse(c, err)
    log(`[api] unexpected error on ${c.req.method} ${new URL(c.req.url).pathname}: ${err instanceof Error ? err.message : String(err)}`)
    return errorResponse(c, new ApiFailure(500, 'internal_error', 'The dashboard server hit an unexpected error; it has been logged.'))
  })
  return app
}

export type AppType = ReturnType<typeof createApp>
