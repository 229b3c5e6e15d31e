import { describe, expect, it } from 'vitest'
import { prepareCues, trackDuration } from './cues.ts'

const item = (offset: number, duration: number, text: string) => ({
  offset,
  duration,
  text,
  lang: 'en',
  wordCount: 1,
  speechRate: 60,
})

describe('prepareCues', () => {
  it('decodes the doubled escapes and computes ends', () => {
    const [a, b] = prepareCues([
      item(0, 14.65, '[Music]'),
      item(18.8, 7.239, 'we&amp;#39;re no strangers to'),
    ])
    expect(a).toMatchObject({ start: 0, end: 14.65, text: '[Music]' })
    expect(b!.text).toBe("we're no strangers to")
    expect(b!.end).toBeCloseTo(26.039)
  })

  it('sorts a stray out-of-order cue and guards against negative durations', () => {
    const cues = prepareCues([item(5, 1, 'b'), item(1, -3, 'a')])
    expect(cues.map((c) => c.text)).toEqual(['a', 'b'])
    expect(cues[0]!.end).toBe(1)
  })
})

describe('trackDuration', () => {
  it('is the latest end, also when an earlier cue outlasts the last one', () => {
    expect(trackDuration([{ end: 3 }, { end: 10 }, { end: 7 }])).toBe(10)
    expect(trackDuration([])).toBe(0)
  })
})
