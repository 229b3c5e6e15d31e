import { Hono } from 'hono'
import { SearchPage } from '#contract/index.ts'
import type { AppEnv } from '../app-context.ts'
import { SearchQuery, validQuery } from '../validation.ts'
import { JSON_TYPE, payAndSend } from './respond.ts'

/** GET /api/search: videos recorded near a point; the radius always goes upstream in km. */
export const search = new Hono<AppEnv>().get('/', validQuery(SearchQuery), async (c) => {
  const query = c.req.valid('query')
  return payAndSend(c, { operation: 'GET /search', path: '/search', query, schema: SearchPage }, JSON_TYPE)
})
