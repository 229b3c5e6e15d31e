/** Request bodies capped as they stream: past a route's limit the answer is 413 with the JSON error, before the body is held in memory. */
import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { AppEnv } from '../app-context.ts'
import { ApiFailure, errorResponse } from '../errors.ts'

const KB = 1024
const MB = 1024 * KB

/** Limits per kind of body: each fits the largest valid body of its routes, with room for JSON escaping. */
export const BODY_LIMITS = {
  /** A sign-in, a fault rule, a collect job's maximum. */
  small: 4 * KB,
  /** A code: its name and a description of at most 5,000 characters. */
  code: 64 * KB,
  /** A coding: a reply's text and a memo of at most 20,000 characters each. */
  coding: 1 * MB,
  /** A list of up to 1,000 bare video ids (15 bytes each, quoted). */
  videoIdList: 32 * KB,
  /** A batch of quotes: 200 paths of at most 4 KB. */
  quoteBatch: 1 * MB,
  /** A collection's videos: 10,000 ids with their metadata. */
  videos: 8 * MB,
} as const

export const formatBytes = (bytes: number) =>
  bytes >= MB ? `${bytes / MB} MB` : bytes >= KB ? `${bytes / KB} KB` : `${bytes} bytes`

/**
 * Refuses a body over `maxBytes` with 413: by its Content-Length before reading, or, sent without one (chunked),
 * as soon as the bytes read pass the limit; `advice` says what to send instead.
 */
export function limitBody(maxBytes: number, advice: string): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: (c) =>
      errorResponse(
        c,
        new ApiFailure(
          413,
          'invalid_query',
          `The request body is larger than ${formatBytes(maxBytes)}, the most ${c.req.method} ${new URL(c.req.url).pathname} takes: ${advice}`,
          { param: 'body' },
        ),
      ),
  })
  return async (c, next) => {
    c.set('bodyLimit', maxBytes)
    return limit(c, next)
  }
}
