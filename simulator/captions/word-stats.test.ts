import { describe, expect, it } from 'vitest'
import { captionItem, speechRate, wordCount } from './word-stats.ts'

describe('wordCount and speechRate (service-facts: \\w+ runs in the raw text; ceil(words / duration × 60))', () => {
  it("reproduces the published sample's numbers exactly", () => {
    expect(captionItem({ text: '[Music]', duration: 14.65, offset: 0, lang: 'en' })).toEqual({
      text: '[Music]',
      duration: 14.65,
      offset: 0,
      lang: 'en',
      wordCount: 1,
      speechRate: 5,
    })
    expect(
      captionItem({ text: 'we&amp;#39;re no strangers to', duration: 7.239, offset: 18.8, lang: 'en' }),
    ).toEqual({
      text: 'we&amp;#39;re no strangers to',
      duration: 7.239,
      offset: 18.8,
      lang: 'en',
      wordCount: 7,
      speechRate: 59,
    })
  })

  it('counts runs literally: entities count, scripts outside ASCII \\w count nothing', () => {
    expect(wordCount('we&#39;re')).toBe(3) // we, 39, re
    expect(wordCount('今日は新しいものを見ていきます')).toBe(0)
    expect(wordCount('مرحبا بكم')).toBe(0)
    expect(wordCount('')).toBe(0)
  })

  it('does not let floating-point noise push speechRate up by one', () => {
    expect((3 / 1.44) * 60).toBeGreaterThan(125) // the noise this guards against: 125.00000000000001
    expect(speechRate(3, 1.44)).toBe(125)
    expect(speechRate(3, 1.441)).toBe(125) // 124.91: rounded up
    expect(speechRate(3, 1.5)).toBe(120)
    expect(speechRate(0, 3)).toBe(0)
    expect(speechRate(3, 0)).toBe(0)
  })
})
