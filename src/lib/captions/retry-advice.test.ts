import { describe, expect, it } from 'vitest'
import { ApiError } from '#lib/api-client.ts'
import { retryAdvice } from './retry-advice.ts'

describe('retryAdvice', () => {
  it('waits as long as Retry-After says after a 429, never offering a retry at once', () => {
    expect(retryAdvice(new ApiError(429, 'rate_limited', 'slow down', undefined, 7))).toEqual({
      kind: 'wait',
      seconds: 7,
    })
    expect(retryAdvice(new ApiError(429, 'rate_limited', 'slow down'))).toEqual({ kind: 'wait', seconds: 10 })
  })

  it('offers no retry after a 402 and says what to do instead', () => {
    const balance = retryAdvice(new ApiError(402, 'balance_exhausted', 'no funds'))
    expect(balance).toMatchObject({ kind: 'none', instead: expect.stringMatching(/add funds/) })
    const budget = retryAdvice(new ApiError(402, 'budget_exhausted', 'cap'))
    expect(budget).toMatchObject({ kind: 'none', instead: expect.stringMatching(/BUDGET_USD/) })
  })

  it('reports a body that broke the contract instead of paying for it again', () => {
    expect(
      retryAdvice(new ApiError(502, 'upstream_invalid', 'bad body', undefined, undefined, 0.00053)),
    ).toMatchObject({
      kind: 'none',
    })
  })

  it('offers a (priced) retry for other failures', () => {
    expect(retryAdvice(new ApiError(502, 'upstream_error', 'boom'))).toEqual({ kind: 'retry' })
    expect(retryAdvice(new ApiError(504, 'upstream_timeout', 'slow'))).toEqual({ kind: 'retry' })
    expect(retryAdvice(new TypeError('Failed to fetch'))).toEqual({ kind: 'retry' })
  })
})
