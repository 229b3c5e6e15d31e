import { describe, expect, it } from 'vitest'
import { scrubberValue } from './scrubber.ts'

const at = (time: number, duration: number, playing: boolean) => ({ time, duration, playing, rate: 1 })

describe('scrubberValue', () => {
  it('is the exact time when paused, within the track', () => {
    expect(scrubberValue(at(1234.567, 15_000, false))).toBe(1234.567)
    expect(scrubberValue(at(16_000, 15_000, false))).toBe(15_000)
  })

  it('moves in 1/2000 steps of a long track while playing, so most frames leave it unchanged', () => {
    const step = 15_000 / 2000
    expect(scrubberValue(at(1234.567, 15_000, true))).toBe(Math.floor(1234.567 / step) * step)
    expect(scrubberValue(at(1230.1, 15_000, true))).toBe(scrubberValue(at(1236.9, 15_000, true)))
    expect(scrubberValue(at(1237.6, 15_000, true))).toBeGreaterThan(scrubberValue(at(1236.9, 15_000, true)))
  })

  it('moves in the input’s 0.1 s steps on a short clip', () => {
    expect(scrubberValue(at(12.37, 60, true))).toBeCloseTo(12.3, 10)
    expect(scrubberValue(at(12.41, 60, true))).toBeCloseTo(12.4, 10)
  })
})
