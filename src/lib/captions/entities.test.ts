// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { decodeEntitiesUntilStable } from './entities.ts'

describe('decodeEntitiesUntilStable', () => {
  it('decodes the doubled escapes the service sends', () => {
    expect(decodeEntitiesUntilStable('we&amp;#39;re no strangers to')).toBe("we're no strangers to")
    expect(decodeEntitiesUntilStable('&amp;quot;hi&amp;quot;')).toBe('"hi"')
  })

  it('decodes single, triple and named escapes', () => {
    expect(decodeEntitiesUntilStable('it&#39;s')).toBe("it's")
    expect(decodeEntitiesUntilStable('a &amp;amp;amp; b')).toBe('a & b')
    expect(decodeEntitiesUntilStable('caf&eacute; &lt;3 &#x1F600;')).toBe('café <3 😀')
  })

  it('leaves plain text, bare ampersands and unknown names alone', () => {
    expect(decodeEntitiesUntilStable('[Music]')).toBe('[Music]')
    expect(decodeEntitiesUntilStable('rock & roll')).toBe('rock & roll')
    expect(decodeEntitiesUntilStable('&zzqq;')).toBe('&zzqq;')
    expect(decodeEntitiesUntilStable('')).toBe('')
  })

  it('stops on pathologically deep escaping instead of looping', () => {
    const deep = `&${'amp;'.repeat(51)}`
    expect(decodeEntitiesUntilStable(deep)).toBe(`&${'amp;'.repeat(43)}`)
  })
})
