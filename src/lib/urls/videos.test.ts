import { describe, expect, it } from 'vitest'
import { momentUrl, parseStudioSearch, studioSearch, videoPath, videosPath } from './videos.ts'

describe('parseStudioSearch', () => {
  it('reads lang, mode, t and q', () => {
    expect(parseStudioSearch(new URLSearchParams('lang=es-419&mode=force-whisper&t=83&q=never'))).toEqual({
      state: { lang: 'es-419', mode: 'force-whisper', t: 83, q: 'never' },
      problems: [],
    })
  })

  it('uses defaults and accepts the platform’s time forms', () => {
    expect(parseStudioSearch(new URLSearchParams('')).state).toEqual({ mode: 'default', q: '' })
    expect(parseStudioSearch(new URLSearchParams('t=1m23s')).state.t).toBe(83)
  })

  it('drops bad values and names each one', () => {
    const { state, problems } = parseStudioSearch(new URLSearchParams('lang=klingon&mode=loud&t=soon'))
    expect(state).toEqual({ mode: 'default', q: '' })
    expect(problems).toHaveLength(3)
    expect(problems[0]).toMatch(/lang "klingon"/)
    expect(problems[1]).toMatch(/mode "loud"/)
    expect(problems[2]).toMatch(/t "soon"/)
  })
})

describe('studioSearch', () => {
  it('writes the state back, always naming the mode', () => {
    expect(studioSearch({ mode: 'default', q: '' })).toBe('?mode=default')
    expect(studioSearch({ lang: 'fr', mode: 'fallback-auto-translated', t: 12.7, q: 'a b' })).toBe(
      '?lang=fr&mode=fallback-auto-translated&t=12&q=a+b',
    )
  })

  it('round-trips through parse', () => {
    const state = { lang: 'ja' as const, mode: 'default' as const, t: 3600, q: '愛' }
    expect(parseStudioSearch(new URLSearchParams(studioSearch(state))).state).toEqual(state)
  })
})

describe('momentUrl', () => {
  it('sets t= in whole seconds and keeps the rest of the URL', () => {
    expect(momentUrl('http://x.test/videos/dQw4w9WgXcQ?lang=en&mode=default&t=5', 83.9)).toBe(
      'http://x.test/videos/dQw4w9WgXcQ?lang=en&mode=default&t=83',
    )
    expect(momentUrl('http://x.test/videos/dQw4w9WgXcQ', -2)).toBe('http://x.test/videos/dQw4w9WgXcQ?t=0')
  })
})

describe('video URLs', () => {
  it('writes only the given values', () => {
    expect(videosPath()).toBe('/videos')
    expect(videoPath('dQw4w9WgXcQ')).toBe('/videos/dQw4w9WgXcQ')
    expect(videoPath('dQw4w9WgXcQ', { t: 43 })).toBe('/videos/dQw4w9WgXcQ?t=43')
    expect(videoPath('dQw4w9WgXcQ', { lang: 'fr', mode: 'default', q: 'a b' })).toBe(
      '/videos/dQw4w9WgXcQ?lang=fr&mode=default&q=a+b',
    )
  })
})
