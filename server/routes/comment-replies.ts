import { Hono } from 'hono'
import { CommentRepliesPage } from '#contract/index.ts'
import type { AppEnv } from '../app-context.ts'
import { RepliesQuery, validQuery } from '../validation.ts'
import { JSON_TYPE, payAndSend } from './respond.ts'

/** GET /api/commentReplies: one page of the replies under a top-level comment. */
export const commentReplies = new Hono<AppEnv>().get('/', validQuery(RepliesQuery), async (c) => {
  const query = c.req.valid('query')
  return payAndSend(
    c,
    { operation: 'GET /commentReplies', path: '/commentReplies', query, schema: CommentRepliesPage },
    JSON_TYPE,
  )
})
