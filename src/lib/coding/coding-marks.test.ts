import { describe, expect, it } from 'vitest'
import type { Coding } from '#contract/coding.ts'
import { marginMarks, scrubberMarks } from './coding-marks.ts'

const codes = new Map([
  ['k1', { id: 'k1', name: 'nostalgia', color: '#e15759' }],
  ['k2', { id: 'k2', name: 'humour', color: '#4e79a7' }],
])

function cues(id: string, codeId: string, videoId: string, start: number, end: number): Coding {
  return {
    id,
    collectionId: 'c_0123456789',
    codeId,
    segment: { kind: 'cues', videoId, lang: 'en', start, end, firstSeq: 0, lastSeq: 0, text: 't' },
    memo: '',
    coder: 'Ann',
    createdAt: 0,
    updatedAt: 0,
  }
}
const reply: Coding = {
  ...cues('r', 'k1', 'v', 0, 1),
  segment: {
    kind: 'reply',
    videoId: null,
    commentId: 'UgzoQVUwDeGW1IS5_uR4AaABAg',
    parentId: null,
    author: 'A',
    publishedAt: null,
    text: 'x',
  },
}
const track = [0, 2, 4, 6, 8].map((start) => ({ start }))

describe('coding marks', () => {
  it('marks the cues whose start lies in [start, end), for this video only', () => {
    const marks = marginMarks(
      track,
      [cues('a', 'k1', 'vid', 2, 6), cues('b', 'k2', 'vid', 4, 4.5), cues('c', 'k1', 'other', 0, 10), reply],
      codes,
      'vid',
    )
    expect([...marks.keys()].sort()).toEqual([1, 2])
    expect(marks.get(1)!.map((m) => m.name)).toEqual(['nostalgia'])
    expect(marks.get(2)!.map((m) => [m.name, m.color])).toEqual([
      ['nostalgia', '#e15759'],
      ['humour', '#4e79a7'],
    ])
  })

  it('places scrubber marks as fractions of the duration, a short one still visible, unknown codes left out', () => {
    const marks = scrubberMarks(
      [cues('a', 'k1', 'vid', 50, 75), cues('b', 'k2', 'vid', 10, 10.01), cues('x', 'gone', 'vid', 0, 1)],
      codes,
      'vid',
      100,
    )
    expect(marks.map((m) => [m.id, m.left, m.color])).toEqual([
      ['b', 0.1, '#4e79a7'],
      ['a', 0.5, '#e15759'],
    ])
    expect(marks[1]!.width).toBeCloseTo(0.25)
    expect(marks[0]!.width).toBeGreaterThan(0.001)
    expect(scrubberMarks([cues('a', 'k1', 'vid', 1, 2)], codes, 'vid', 0)).toEqual([])
  })
})
