import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../app-context.ts'
import { invalidQuery, errorResponse } from '../errors.ts'
import { validQuery } from '../validation.ts'
import { QUOTE_HEADER } from './respond.ts'

const QuoteQuery = z.strictObject({
  path: z
    .string({ error: 'path is required: the /api URL whose price you want, e.g. /api/search?location=…' })
    .max(4096, 'path is too long.'),
})

/** GET /api/quote?path=<an /api URL>: what that request would cost now (list price, or free when cached). Validated like the request itself. */
export function quoteRoute(dispatch: (req: Request) => Response | Promise<Response>) {
  return new Hono<AppEnv>().get('/', validQuery(QuoteQuery), async (c) => {
    const { path } = c.req.valid('query')
    if (!path.startsWith('/api/') || path.startsWith('/api/quote') || path.includes('..')) {
      return errorResponse(
        c,
        invalidQuery(
          'path',
          'path must be an /api URL of a paid operation, e.g. /api/search?location=48.8566,2.3522&locationRadius=10km&type=video.',
        ),
      )
    }
    const inner = new Request(new URL(path, c.req.url), {
      headers: { [QUOTE_HEADER]: '1', cookie: c.req.header('cookie') ?? '' },
    })
    const res = await dispatch(inner)
    c.header('Cache-Control', 'no-store')
    const retryAfter = res.headers.get('Retry-After')
    return c.newResponse(res.body, res.status as 200, {
      'Content-Type': res.headers.get('Content-Type') ?? 'application/json',
      ...(retryAfter ? { 'Retry-After': retryAfter } : {}),
    })
  })
}
