import { describe, expect, it } from 'vitest'
import { ApiError } from './api-client.ts'
import { shouldRetry } from './query-client.ts'

describe('automatic retries never pay twice', () => {
  it('retries only failures that never reached the service, at most twice', () => {
    expect(shouldRetry(0, new ApiError(0, 'network_error', 'x'))).toBe(true)
    expect(shouldRetry(1, new ApiError(502, 'upstream_unreachable', 'x'))).toBe(true)
    expect(shouldRetry(2, new ApiError(502, 'upstream_unreachable', 'x'))).toBe(false)
    // The dashboard's own database was down: nothing was sent or paid.
    expect(shouldRetry(0, new ApiError(503, 'storage_unavailable', 'x'))).toBe(true)
  })
  it('never retries a failure whose receipt shows a charge, whatever its code', () => {
    expect(shouldRetry(0, new ApiError(503, 'storage_unavailable', 'x', undefined, undefined, 0.00053))).toBe(
      false,
    )
    expect(
      shouldRetry(0, new ApiError(502, 'upstream_unreachable', 'x', undefined, undefined, 0.00013)),
    ).toBe(false)
  })
  it.each([
    [429, 'rate_limited'],
    [502, 'upstream_error'],
    [504, 'upstream_timeout'],
    [502, 'upstream_invalid'],
    [502, 'upstream_auth'],
    [400, 'invalid_query'],
    [402, 'budget_exhausted'],
    [502, 'upstream_too_large'],
    [402, 'balance_exhausted'],
    [502, 'invalid_response'],
  ])('does not retry %s %s by itself', (status, code) => {
    expect(shouldRetry(0, new ApiError(status, code, 'x'))).toBe(false)
  })
})
