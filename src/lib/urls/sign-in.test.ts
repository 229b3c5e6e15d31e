import { describe, expect, it } from 'vitest'
import { safeReturnPath, signInPath } from './sign-in.ts'

describe('safeReturnPath', () => {
  it('keeps a path of this dashboard with its query and hash', () => {
    expect(safeReturnPath('/search?location=48.8566,2.3522&radius=25&unit=km')).toBe(
      '/search?location=48.8566,2.3522&radius=25&unit=km',
    )
    expect(safeReturnPath('/videos/dQw4w9WgXcQ?t=43#x')).toBe('/videos/dQw4w9WgXcQ?t=43#x')
  })

  it('refuses other origins, odd schemes and the sign-in page itself', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '',
      null,
      undefined,
      '/sign-in?next=/x',
    ]) {
      expect(safeReturnPath(bad)).toBe('/')
    }
  })

  it('builds the sign-in URL that returns there', () => {
    expect(signInPath('/spend?page=2')).toBe('/sign-in?next=%2Fspend%3Fpage%3D2')
    expect(signInPath('/')).toBe('/sign-in')
    expect(signInPath()).toBe('/sign-in')
  })
})
