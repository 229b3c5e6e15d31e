// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { decodeHtmlEntities } from './html-entities.ts'

describe('decodeHtmlEntities', () => {
  it('decodes numeric, hex and named references', () => {
    expect(decodeHtmlEntities('Rock &amp; roll &#39;85 &#x263A; caf&eacute; &lt;3')).toBe(
      "Rock & roll '85 ☺ café <3",
    )
  })

  it('leaves text without references, and ampersands that start none, as they are', () => {
    expect(decodeHtmlEntities('AT&T & friends')).toBe('AT&T & friends')
    const plain = 'no references here'
    expect(decodeHtmlEntities(plain)).toBe(plain)
  })

  it('decodes one level only, like the platform escapes it once', () => {
    expect(decodeHtmlEntities('&amp;#39;')).toBe('&#39;')
  })

  it('decodes the common references without the DOM exactly as the parser does', () => {
    const samples = [
      '&amp;',
      '&lt;',
      '&gt;',
      '&quot;',
      '&apos;',
      '&nbsp;',
      '&#39;',
      '&#x27;',
      '&#233;',
      '&#X1F600;',
      '&#128;',
      '&#0;',
      '&#xD800;',
      '&#1114112;',
      '&eacute;',
      '&amp',
      '&notin;',
      '&notit;',
    ]
    for (const reference of samples) {
      const area = document.createElement('textarea')
      area.innerHTML = reference
      expect(decodeHtmlEntities(reference), reference).toBe(area.value)
    }
  })

  it('never turns markup into elements', () => {
    expect(decodeHtmlEntities('&lt;img src=x onerror=alert(1)&gt; <b>bold</b> &amp;')).toBe(
      '<img src=x onerror=alert(1)> <b>bold</b> &',
    )
  })
})
