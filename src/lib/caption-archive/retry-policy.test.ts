import { describe, expect, it } from 'vitest'
import { ApiError } from '#lib/paid-fetch.ts'
import { captionRetryPolicy, haltsTheRun, isTransient } from './retry-policy.ts'

const err = (status: number, code = 'x', retryAfter?: number, costUsd = 0) =>
  new ApiError(status, code, 'message', undefined, retryAfter, costUsd)

describe('isTransient', () => {
  it.each([
    [429, 'rate_limited'],
    [503, 'storage_unavailable'],
    [502, 'upstream_unreachable'],
    [0, 'network_error'],
  ])('retries %i %s, which is never charged', (status, code) =>
    expect(isTransient(err(status, code))).toBe(true),
  )
  it.each([
    [500, 'upstream_error'],
    [502, 'upstream_invalid'],
    [503, 'upstream_error'],
    [504, 'upstream_timeout'],
    [400, 'invalid_query'],
    [401, 'unauthorized'],
    [402, 'budget_exhausted'],
    [403, 'forbidden'],
    [404, 'captions_unavailable'],
  ])('never retries %i %s: a retry cannot help, or would pay again', (status, code) =>
    expect(isTransient(err(status, code))).toBe(false),
  )
  it('never retries a failure that was charged, whatever its code', () => {
    expect(isTransient(err(503, 'storage_unavailable', undefined, 0.00053))).toBe(false)
    expect(isTransient(err(429, 'rate_limited', 5, 0.00053))).toBe(false)
  })
  it('never retries what is not an ApiError (a bug, an abort)', () => {
    expect(isTransient(new Error('boom'))).toBe(false)
    expect(isTransient(new DOMException('stopped', 'AbortError'))).toBe(false)
  })
})

describe('haltsTheRun', () => {
  it('halts when no further request can succeed', () => {
    expect(haltsTheRun(err(402, 'budget_exhausted'))).toBe(true)
    expect(haltsTheRun(err(402, 'balance_exhausted'))).toBe(true)
    expect(haltsTheRun(err(401, 'unauthenticated'))).toBe(true)
    expect(haltsTheRun(err(403, 'forbidden'))).toBe(true)
    expect(haltsTheRun(err(404, 'captions_unavailable'))).toBe(false)
    expect(haltsTheRun(err(503))).toBe(false)
  })
})

describe('captionRetryPolicy', () => {
  it('backs off exponentially from the base delay', () => {
    const policy = captionRetryPolicy({ baseDelayMs: 1000, random: () => 0 })
    expect([1, 2, 3].map((a) => policy(err(503, 'storage_unavailable'), a))).toEqual([
      { retry: true, delayMs: 1000 },
      { retry: true, delayMs: 2000 },
      { retry: true, delayMs: 4000 },
    ])
  })

  it('adds at most 25% jitter', () => {
    expect(captionRetryPolicy({ random: () => 0.999999 })(err(502, 'upstream_unreachable'), 2)).toEqual({
      retry: true,
      delayMs: 2500,
    })
  })

  it('waits as long as Retry-After asks on 429, capped, and pauses every worker', () => {
    const policy = captionRetryPolicy({ random: () => 0.5 })
    expect(policy(err(429, 'rate_limited', 7), 1)).toEqual({ retry: true, delayMs: 7000, pauseAll: true })
    expect(policy(err(429, 'rate_limited', 3600), 1)).toEqual({
      retry: true,
      delayMs: 60_000,
      pauseAll: true,
    })
    expect(policy(err(429, 'rate_limited'), 2)).toEqual({ retry: true, delayMs: 2000, pauseAll: true })
  })

  it('refuses to retry refusals', () => {
    expect(captionRetryPolicy()(err(404, 'captions_unavailable'), 1)).toEqual({ retry: false })
    expect(captionRetryPolicy()(err(400, 'invalid_query'), 1)).toEqual({ retry: false })
  })
})
