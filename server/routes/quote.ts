import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../app-context.ts'
import { invalidQuery, errorResponse } from '../errors.ts'
import { BODY_LIMITS, limitBody } from '../security/body-limit.ts'
import { validQuery } from '../validation.ts'
import { QUOTE_HEADER } from './respond.ts'

/** The most paths one batch prices: a page of 50 results with two requests per video link and a channel link each fits. */
export const MAX_QUOTE_PATHS = 200
const MAX_PATH_LENGTH = 4096

const PathText = z
  .string({ error: 'path is required: the /api URL whose price you want, e.g. /api/search?location=…' })
  .max(MAX_PATH_LENGTH, 'path is too long.')

export const QuoteQuery = z.strictObject({ path: PathText })

export const QuoteBatch = z.strictObject({
  paths: z
    .array(PathText, { error: 'paths is required: a list of /api URLs whose prices you want.' })
    .min(1, 'paths is empty: give at least one /api URL.')
    .max(MAX_QUOTE_PATHS, `paths has more than ${MAX_QUOTE_PATHS} URLs: split the batch.`),
})

const NOT_AN_API_PATH =
  'path must be an /api URL of a paid operation, e.g. /api/search?location=48.8566,2.3522&locationRadius=10km&type=video.'

/** The single and the batch quote accept the same paths: an /api URL of this function, never the quote itself. */
const isQuotablePath = (path: string) =>
  path.startsWith('/api/') && !path.startsWith('/api/quote') && !path.includes('..')

type Dispatch = (req: Request) => Response | Promise<Response>

/** Asks the route behind `path` for its price (the quote header makes it price, never pay). */
function priceOf(dispatch: Dispatch, path: string, base: string, cookie: string): Promise<Response> {
  const inner = new Request(new URL(path, base), { headers: { [QUOTE_HEADER]: '1', cookie } })
  return Promise.resolve(dispatch(inner))
}

/**
 * GET /api/quote?path=<an /api URL>: what that request would cost now (list price, or free when cached).
 * POST /api/quote {"paths": [...]}: the same for up to MAX_QUOTE_PATHS URLs in one request, answered in order as
 * `{"quotes": [{path, operation, priceUsd, cached} | {path, error}]}`. Validated like the requests themselves; never pays.
 */
export function quoteRoute(dispatch: Dispatch) {
  return new Hono<AppEnv>()
    .get('/', validQuery(QuoteQuery), async (c) => {
      const { path } = c.req.valid('query')
      if (!isQuotablePath(path)) return errorResponse(c, invalidQuery('path', NOT_AN_API_PATH))
      const res = await priceOf(dispatch, path, c.req.url, c.req.header('cookie') ?? '')
      c.header('Cache-Control', 'no-store')
      const retryAfter = res.headers.get('Retry-After')
      return c.newResponse(res.body, res.status as 200, {
        'Content-Type': res.headers.get('Content-Type') ?? 'application/json',
        ...(retryAfter ? { 'Retry-After': retryAfter } : {}),
      })
    })
    .post(
      '/',
      limitBody(BODY_LIMITS.quoteBatch, `split the batch (at most ${MAX_QUOTE_PATHS} paths).`),
      async (c) => {
        const json: unknown = await c.req.json().catch(() => undefined)
        const parsed = QuoteBatch.safeParse(json)
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!
          const param = issue.path.length ? issue.path.join('.') : 'paths'
          const message =
            issue.code === 'unrecognized_keys'
              ? `Unknown field "${issue.keys[0]}". Allowed: paths.`
              : json === undefined
                ? 'The body must be JSON: {"paths": ["/api/…", …]}.'
                : issue.message
          return errorResponse(c, invalidQuery(param, message))
        }
        const { paths } = parsed.data
        const bad = paths.findIndex((p) => !isQuotablePath(p))
        if (bad >= 0) return errorResponse(c, invalidQuery(`paths.${bad}`, NOT_AN_API_PATH))
        const cookie = c.req.header('cookie') ?? ''
        // One after another: each is a cache lookup; a batch must not crowd out the paid requests beside it.
        const quotes: unknown[] = []
        for (const path of paths) {
          const res = await priceOf(dispatch, path, c.req.url, cookie)
          const body = (await res.json().catch(() => ({}))) as Record<string, unknown>
          quotes.push({ path, ...body })
        }
        c.header('Cache-Control', 'no-store')
        return c.json({ quotes })
      },
    )
}
