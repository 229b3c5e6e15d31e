import { describe, expect, it } from 'vitest'
import { studioLink } from './studio-link.ts'

const track = (state: 'collected' | 'wanted', lang: string | null) => ({
  state,
  lang,
  cueCount: null,
  failure: null,
})

describe('studioLink', () => {
  it('opens a collected video with its track, the collection mode and the collection (coding on)', () => {
    const href = studioLink(
      { videoId: 'abcdefghijk', track: track('collected', 'en') },
      { id: 'c_1', mode: 'default' },
    )
    const url = new URL(href, 'http://x')
    expect(url.pathname).toBe('/videos/abcdefghijk')
    expect(url.searchParams.get('lang')).toBe('en')
    expect(url.searchParams.get('mode')).toBe('default')
    expect(url.searchParams.get('collection')).toBe('c_1')
  })

  it('opens a video without a collected track plainly (nothing to code against)', () => {
    expect(
      studioLink({ videoId: 'abcdefghijk', track: track('wanted', null) }, { id: 'c_1', mode: 'default' }),
    ).toBe('/videos/abcdefghijk')
  })
})
