import { describe, expect, it } from 'vitest'
import { speechRateSeries, summariseRate } from './speech-rate.ts'

describe('speechRateSeries', () => {
  it('weights each cue by its overlap with each bin; silence counts as 0', () => {
    const bins = speechRateSeries(
      [
        { start: 0, end: 10, speechRate: 120 },
        { start: 15, end: 20, speechRate: 60 },
      ],
      20,
      2,
    )
    expect(bins).toEqual([
      { start: 0, end: 10, wpm: 120 },
      { start: 10, end: 20, wpm: 30 },
    ])
  })

  it('splits a cue across bins it spans and ignores empty cues', () => {
    const bins = speechRateSeries(
      [
        { start: 5, end: 15, speechRate: 100 },
        { start: 3, end: 3, speechRate: 999 },
      ],
      20,
      2,
    )
    expect(bins.map((b) => b.wpm)).toEqual([50, 50])
  })

  it('gives nothing for an empty duration', () => {
    expect(speechRateSeries([], 0)).toEqual([])
  })
})

describe('summariseRate', () => {
  it('averages over speaking time and finds the fastest cue', () => {
    const s = summariseRate([
      { start: 0, end: 60, speechRate: 100 },
      { start: 100, end: 130, speechRate: 160 },
    ])
    expect(s).toEqual({ averageWpm: 120, peakWpm: 160, peakAt: 100 })
    expect(summariseRate([])).toEqual({ averageWpm: 0, peakWpm: 0, peakAt: 0 })
  })
})
