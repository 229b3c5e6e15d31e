import { describe, expect, it } from 'vitest'
import { commentHtml } from './data/comment-html.ts'

const V = 'dQw4w9WgXcQ'

describe('commentHtml (the platform html textDisplay)', () => {
  it('turns newlines into <br> and escapes quotes and markup', () => {
    expect(commentHtml('It\'s "great"\n<b>no</b> & more', V)).toBe(
      'It&#39;s &quot;great&quot;<br>&lt;b&gt;no&lt;/b&gt; &amp; more',
    )
  })

  it('links timestamps to the video at that second', () => {
    expect(commentHtml('best at 2:23 and 1:02:03', V)).toBe(
      `best at <a href="https://www.youtube.com/watch?v=${V}&amp;t=143">2:23</a> and <a href="https://www.youtube.com/watch?v=${V}&amp;t=3723">1:02:03</a>`,
    )
    expect(commentHtml('ratio 12:345 or 3:7 or a1:23', V)).toBe('ratio 12:345 or 3:7 or a1:23')
  })

  it('links bare URLs, leaving trailing punctuation outside and escaping & in the href', () => {
    expect(commentHtml('see https://example.com/a?x=1&y=2.', V)).toBe(
      'see <a href="https://example.com/a?x=1&amp;y=2">https://example.com/a?x=1&amp;y=2</a>.',
    )
  })

  it('does not treat a time inside a URL as a timestamp', () => {
    expect(commentHtml('https://example.com/at/10:30', V)).toBe(
      '<a href="https://example.com/at/10:30">https://example.com/at/10:30</a>',
    )
  })

  it('bolds *words* and keeps emoji', () => {
    expect(commentHtml('*Legendary* 🔥', V)).toBe('<b>Legendary</b> 🔥')
  })
})
