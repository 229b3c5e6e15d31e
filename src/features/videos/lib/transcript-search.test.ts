import { describe, expect, it } from 'vitest'
import { firstMatchFrom, matchMarks, searchTranscript, stepMatch } from './transcript-search.ts'

const cues = [
  { start: 0, text: '[Music]' },
  { start: 18.8, text: "We're no strangers to love" },
  { start: 22, text: 'You know the rules\nand so do I' },
  { start: 30, text: 'never gonna give you up, NEVER gonna let you down' },
  { start: 40, text: 'Ça va? (a+b)*c' },
]

describe('searchTranscript', () => {
  it('finds every occurrence, case-insensitively, with its cue, offsets and time', () => {
    const { matches, truncated } = searchTranscript(cues, 'never')
    expect(truncated).toBe(false)
    expect(matches).toEqual([
      { cueIndex: 3, start: 0, end: 5, time: 30 },
      { cueIndex: 3, start: 25, end: 30, time: 30 },
    ])
  })

  it('matches phrases across any whitespace, including line breaks', () => {
    const { matches } = searchTranscript(cues, 'rules  and')
    expect(matches).toHaveLength(1)
    expect(cues[2]!.text.slice(matches[0]!.start, matches[0]!.end)).toBe('rules\nand')
  })

  it('treats regular-expression characters literally and handles accents', () => {
    expect(searchTranscript(cues, '(a+b)*c').matches).toHaveLength(1)
    expect(searchTranscript(cues, 'ça').matches).toHaveLength(1)
    expect(searchTranscript(cues, '[music]').matches).toHaveLength(1)
  })

  it('finds nothing for an empty or blank query or an absent phrase', () => {
    expect(searchTranscript(cues, '').matches).toEqual([])
    expect(searchTranscript(cues, '   ').matches).toEqual([])
    expect(searchTranscript(cues, 'banana').matches).toEqual([])
  })

  it('stops at the limit and says it did', () => {
    const many = Array.from({ length: 100 }, (_, i) => ({ start: i, text: 'la la la' }))
    const { matches, truncated } = searchTranscript(many, 'la', 50)
    expect(matches).toHaveLength(50)
    expect(truncated).toBe(true)
  })
})

describe('stepping through matches', () => {
  it('goes round in a ring both ways', () => {
    expect(stepMatch(-1, 3, 1)).toBe(0)
    expect(stepMatch(-1, 3, -1)).toBe(2)
    expect(stepMatch(0, 3, 1)).toBe(1)
    expect(stepMatch(2, 3, 1)).toBe(0)
    expect(stepMatch(0, 3, -1)).toBe(2)
    expect(stepMatch(0, 0, 1)).toBe(-1)
  })

  it('starts from the first match at or after the reader’s moment, wrapping to the first', () => {
    const matches = [10, 20, 30].map((time, i) => ({ cueIndex: i, start: 0, end: 1, time }))
    expect(firstMatchFrom(matches, 0)).toBe(0)
    expect(firstMatchFrom(matches, 20)).toBe(1)
    expect(firstMatchFrom(matches, 25)).toBe(2)
    expect(firstMatchFrom(matches, 31)).toBe(0)
    expect(firstMatchFrom([], 5)).toBe(-1)
  })
})

describe('matchMarks', () => {
  it('places one mark per occupied bucket, as a fraction of the duration', () => {
    const matches = [0, 1, 50, 99.9].map((time) => ({ cueIndex: 0, start: 0, end: 1, time }))
    expect(matchMarks(matches, 100, 10)).toEqual([0.05, 0.55, 0.95])
    expect(matchMarks(matches, 0, 10)).toEqual([])
  })
})
