import { describe, expect, it } from 'vitest'
import { ApiError } from './paid-fetch.ts'
import { adviseOn, DEFAULT_WAIT_SECONDS, secondsLeft } from './failure-advice.ts'

describe('what a failure means for retrying it', () => {
  it('a 429 waits for its Retry-After (rounded up), or a default when it gives none', () => {
    expect(adviseOn(new ApiError(429, 'rate_limited', 'x', undefined, 12.2))).toEqual({
      kind: 'wait',
      seconds: 13,
    })
    expect(adviseOn(new ApiError(429, 'http_error', 'x'))).toEqual({
      kind: 'wait',
      seconds: DEFAULT_WAIT_SECONDS,
    })
  })
  it('a 402 is the budget cap or the balance: no retry can pass', () => {
    expect(adviseOn(new ApiError(402, 'budget_exhausted', 'x'))).toEqual({ kind: 'budget' })
    expect(adviseOn(new ApiError(402, 'balance_exhausted', 'x'))).toEqual({ kind: 'balance' })
    expect(adviseOn(new ApiError(402, 'http_error', 'x'))).toEqual({ kind: 'balance' })
  })
  it('a body that broke the contract is reported as such', () => {
    expect(adviseOn(new ApiError(502, 'upstream_invalid', 'x'))).toEqual({ kind: 'contract' })
    expect(adviseOn(new ApiError(502, 'invalid_response', 'x'))).toEqual({ kind: 'contract' })
  })
  it('anything else gets no advice', () => {
    expect(adviseOn(new ApiError(502, 'upstream_error', 'x'))).toEqual({ kind: 'other' })
    expect(adviseOn(new Error('x'))).toEqual({ kind: 'other' })
    expect(adviseOn(undefined)).toEqual({ kind: 'other' })
  })
})

describe('the countdown', () => {
  it('counts whole seconds up, and stops at 0', () => {
    expect(secondsLeft(10_000, 0)).toBe(10)
    expect(secondsLeft(10_000, 1)).toBe(10)
    expect(secondsLeft(10_000, 9_001)).toBe(1)
    expect(secondsLeft(10_000, 10_000)).toBe(0)
    expect(secondsLeft(10_000, 20_000)).toBe(0)
  })
})
