// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { replyPlainText } from './reply-plain-text.ts'

describe('replyPlainText', () => {
  it('keeps the author’s plain text, or reads the shown HTML’s text (tags gone, line breaks kept)', () => {
    expect(replyPlainText({ textOriginal: 'so <b>true</b>', textDisplay: 'x' })).toBe('so <b>true</b>')
    expect(
      replyPlainText({
        textOriginal: ' ',
        textDisplay: 'so <b>true</b><br>see <a href="https://a.example">this</a>',
      }),
    ).toBe('so true\nsee this')
  })
})
