import { Hono } from 'hono'
import { PopularPage } from '#contract/index.ts'
import type { AppEnv } from '../app-context.ts'
import { PopularQuery, validQuery } from '../validation.ts'
import { JSON_TYPE, payAndSend } from './respond.ts'

/** GET /api/popularVideos: the platform's most popular videos, page by page. */
export const popularVideos = new Hono<AppEnv>().get('/', validQuery(PopularQuery), async (c) => {
  const query = c.req.valid('query')
  return payAndSend(
    c,
    { operation: 'GET /popularVideos', path: '/popularVideos', query, schema: PopularPage },
    JSON_TYPE,
  )
})
