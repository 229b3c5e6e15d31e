import { describe, expect, it } from 'vitest'
import { activeCueIndex, buildTimeline, lastStartedCue } from './active-cue.ts'

const span = (start: number, end: number) => ({ start, end })

describe('activeCueIndex', () => {
  const contiguous = buildTimeline([span(0, 2), span(2, 5), span(5, 6)])

  it('finds the cue containing the time, ends exclusive', () => {
    expect(activeCueIndex(contiguous, 0)).toBe(0)
    expect(activeCueIndex(contiguous, 1.99)).toBe(0)
    expect(activeCueIndex(contiguous, 2)).toBe(1)
    expect(activeCueIndex(contiguous, 5.5)).toBe(2)
  })

  it('answers -1 before the first cue, in gaps and after the last', () => {
    const gappy = buildTimeline([span(1, 2), span(4, 5)])
    expect(activeCueIndex(gappy, 0.5)).toBe(-1)
    expect(activeCueIndex(gappy, 3)).toBe(-1)
    expect(activeCueIndex(gappy, 2)).toBe(-1)
    expect(activeCueIndex(gappy, 4)).toBe(1)
    expect(activeCueIndex(gappy, 5)).toBe(-1)
    expect(activeCueIndex(gappy, 99)).toBe(-1)
  })

  it('with overlapping cues, prefers the one that started last', () => {
    const overlapping = buildTimeline([span(0, 10), span(2, 4), span(3, 6)])
    expect(activeCueIndex(overlapping, 1)).toBe(0)
    expect(activeCueIndex(overlapping, 2.5)).toBe(1)
    expect(activeCueIndex(overlapping, 3.5)).toBe(2)
    expect(activeCueIndex(overlapping, 5)).toBe(2)
  })

  it('finds a long earlier cue again after a shorter later one has ended', () => {
    const overlapping = buildTimeline([span(0, 10), span(2, 4), span(3, 6)])
    expect(activeCueIndex(overlapping, 7)).toBe(0)
    expect(activeCueIndex(overlapping, 10)).toBe(-1)
  })

  it('handles cues that start together and zero-length cues', () => {
    const same = buildTimeline([span(1, 3), span(1, 2), span(4, 4), span(4, 5)])
    expect(activeCueIndex(same, 1.5)).toBe(1)
    expect(activeCueIndex(same, 2.5)).toBe(0)
    expect(activeCueIndex(same, 4)).toBe(3)
  })

  it('handles an empty track', () => {
    const empty = buildTimeline([])
    expect(activeCueIndex(empty, 0)).toBe(-1)
    expect(lastStartedCue(empty, 10)).toBe(-1)
  })

  it('agrees with a linear scan on a long random track with gaps and overlaps', () => {
    let seed = 42
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    const cues: { start: number; end: number }[] = []
    let t = 0
    for (let i = 0; i < 3000; i++) {
      t += rand() * 4
      cues.push(span(t, t + rand() * 8))
    }
    const timeline = buildTimeline(cues)
    const linear = (x: number) => {
      let best = -1
      cues.forEach((c, i) => {
        if (c.start <= x && x < c.end) best = i
      })
      return best
    }
    for (let k = 0; k < 2000; k++) {
      const x = rand() * (t + 10)
      expect(activeCueIndex(timeline, x)).toBe(linear(x))
    }
  })

  it('refuses cues out of order', () => {
    expect(() => buildTimeline([span(5, 6), span(1, 2)])).toThrow(/sorted by start/)
  })
})

describe('lastStartedCue', () => {
  it('is the last cue starting at or before the time, even in a gap', () => {
    const timeline = buildTimeline([span(1, 2), span(4, 5)])
    expect(lastStartedCue(timeline, 0)).toBe(-1)
    expect(lastStartedCue(timeline, 1)).toBe(0)
    expect(lastStartedCue(timeline, 3)).toBe(0)
    expect(lastStartedCue(timeline, 100)).toBe(1)
  })
})
