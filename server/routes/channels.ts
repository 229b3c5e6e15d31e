import { Hono } from 'hono'
import { ChannelPage } from '#contract/index.ts'
import type { AppEnv } from '../app-context.ts'
import { ChannelsQuery, validQuery } from '../validation.ts'
import { JSON_TYPE, payAndSend } from './respond.ts'

/** GET /api/channels: channels by ids, handle or legacy username, optionally localized (hl) and trimmed (fields). */
export const channels = new Hono<AppEnv>().get('/', validQuery(ChannelsQuery), async (c) => {
  const query = c.req.valid('query')
  return payAndSend(
    c,
    { operation: 'GET /channels', path: '/channels', query, schema: ChannelPage },
    JSON_TYPE,
  )
})
