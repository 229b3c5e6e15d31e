import { describe, expect, it } from 'vitest'
import { formatWait, signInProblem } from './sign-in-error.ts'
import { ApiError } from '#lib/api-client.ts'

describe('signInProblem', () => {
  it('says the password was wrong on 401', () => {
    expect(signInProblem(new ApiError(401, 'unauthorized', 'Wrong password.'))).toMatchObject({
      wrongPassword: true,
      message: expect.stringMatching(/^Wrong password/),
    })
  })

  it('names the wait when rate-limited', () => {
    const p = signInProblem(new ApiError(429, 'rate_limited', 'Too many attempts.', undefined, 42))
    expect(p.waitSeconds).toBe(42)
    expect(p.message).toBe('Too many sign-in attempts. Wait 42 seconds, then try again.')
    expect(formatWait(1)).toBe('1 second')
    expect(formatWait(150)).toBe('3 minutes')
  })

  it('passes other failures on readably', () => {
    expect(signInProblem(new ApiError(0, 'network_error', 'Could not reach the server.')).message).toBe(
      'Could not sign in: Could not reach the server.',
    )
  })
})
