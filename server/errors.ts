/** The function's one error type and its JSON body: {"error":{"code","message","param?"}} (ARCHITECTURE.md). */
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

export type ErrorCode =
  | 'invalid_query'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'captions_unavailable'
  | 'balance_exhausted'
  | 'budget_exhausted'
  | 'rate_limited'
  | 'unauthorized'
  | 'forbidden'
  | 'upstream_auth'
  | 'upstream_error'
  | 'upstream_timeout'
  | 'upstream_unreachable'
  | 'upstream_invalid'
  | 'upstream_too_large'
  | 'storage_unavailable'
  | 'storage_damaged'
  | 'internal_error'

/** The wait a 429 names when its source named none (the service's Retry-After may be missing or unreadable). */
export const DEFAULT_RETRY_AFTER_SECONDS = 30

export class ApiFailure extends Error {
  readonly status: ContentfulStatusCode
  readonly code: ErrorCode
  readonly param: string | undefined
  readonly retryAfterSeconds: number | undefined
  /** Whether the service billed the request, when the code alone cannot tell (a 200 cut off mid-body). */
  readonly charged: boolean | undefined
  constructor(
    status: ContentfulStatusCode,
    code: ErrorCode,
    message: string,
    opts: { param?: string; retryAfterSeconds?: number; charged?: boolean } = {},
  ) {
    super(message)
    this.name = 'ApiFailure'
    this.status = status
    this.code = code
    this.param = opts.param
    // Every 429 tells when to come back (header and body), whoever refused.
    this.retryAfterSeconds =
      opts.retryAfterSeconds ?? (status === 429 ? DEFAULT_RETRY_AFTER_SECONDS : undefined)
    this.charged = opts.charged
  }

  toBody() {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.param !== undefined ? { param: this.param } : {}),
        ...(this.retryAfterSeconds !== undefined ? { retryAfterSeconds: this.retryAfterSeconds } : {}),
      },
    }
  }
}

export const invalidQuery = (param: string, message: string): ApiFailure =>
  new ApiFailure(400, 'invalid_query', message, { param })

export function errorResponse(c: Context, failure: ApiFailure): Response {
  if (failure.retryAfterSeconds !== undefined) c.header('Retry-After', String(failure.retryAfterSeconds))
  c.header('Cache-Control', 'no-store')
  return c.json(failure.toBody(), failure.status)
}
