import { describe, expect, it } from 'vitest'
import { safeReturnPath, signInPath } from './return-path.ts'
import { formatWait, signInProblem } from './sign-in-error.ts'
import { ApiError } from '#lib/api-client.ts'

describe('safeReturnPath', () => {
  it('keeps a path of this dashboard with its query and hash', () => {
    expect(safeReturnPath('/search?location=48.8566,2.3522&radius=25&unit=km')).toBe('/search?location=48.8566,2.3522&radius=25&unit=km')
    expect(safeReturnPath('/videos/dQw4w9WgXcQ?t=43#x')).toBe('/videos/dQw4w9WgXcQ?t=43#x')
  })

  it('refuses other origins, odd schemes and the sign-in page itself', () => {
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '', null, undefined, '/sign-in?next=/x']) {
      expect(safeReturnPath(bad)).toBe('/')
    }
  })

  it('builds the sign-in URL that returns there', () => {
    expect(signInPath('/spend?page=2')).toBe('/sign-in?next=%2Fspend%3Fpage%3D2')
    expect(signInPath('/')).toBe('/sign-in')
  })
})

describe('signInProblem', () => {
  it('says the password was wrong on 401', () => {
    expect(signInProblem(new ApiError(401, 'unauthorized', 'Wrong password.'))).toMatchObject({ wrongPassword: true, message: expect.stringMatching(/^Wrong password/) })
  })

  it('names the wait when rate-limited', () => {
    const p = signInProblem(new ApiError(429, 'rate_limited', 'Too many attempts.', undefined, 42))
    expect(p.waitSeconds).toBe(42)
    expect(p.message).toBe('Too many sign-in attempts. Wait 42 seconds, then try again.')
    expect(formatWait(1)).toBe('1 second')
    expect(formatWait(150)).toBe('3 minutes')
  })

  it('passes other failures on readably', () => {
    expect(signInProblem(new ApiError(0, 'network_error', 'Could not reach the server.')).message).toBe('Could not sign in: Could not reach the server.')
  })
})
