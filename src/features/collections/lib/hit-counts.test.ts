import { describe, expect, it } from 'vitest'
import { countOverTime, countPerVideo } from './hit-counts.ts'

const videos = new Map([
  ['a', { title: 'A', publishedAt: '2024-01-15T00:00:00Z' }],
  ['b', { title: 'B', publishedAt: '2024-03-02T00:00:00Z' }],
  ['c', { title: 'C', publishedAt: null }],
])

describe('hit counts', () => {
  it('lists videos with hits, most first, ties by title', () => {
    const counts = [
      { videoId: 'a', count: 2 },
      { videoId: 'b', count: 3 },
      { videoId: 'c', count: 1 },
      { videoId: 'd', count: 0 },
    ]
    expect(countPerVideo(counts, videos).map((v) => [v.videoId, v.count])).toEqual([
      ['b', 3],
      ['a', 2],
      ['c', 1],
    ])
  })
  it('buckets by day over weeks and by month over months, gaps included, undated videos left out', () => {
    const perVideo = countPerVideo(
      [
        { videoId: 'a', count: 1 },
        { videoId: 'b', count: 2 },
        { videoId: 'c', count: 1 },
      ],
      videos,
    )
    expect(countOverTime(perVideo)).toMatchObject({
      unit: 'day',
      buckets: expect.arrayContaining([{ label: '2024-01-15', start: expect.any(Number), count: 1 }]),
    })
    const wide = [
      { videoId: 'x', title: 'X', publishedAt: '2023-11-30T00:00:00Z', count: 4 },
      { videoId: 'y', title: 'Y', publishedAt: '2024-02-01T00:00:00Z', count: 2 },
      { videoId: 'z', title: 'Z', publishedAt: '2024-08-01T00:00:00Z', count: 1 },
    ]
    const { unit, buckets } = countOverTime(wide)
    expect(unit).toBe('month')
    expect(buckets.map((b) => [b.label, b.count])).toEqual([
      ['2023-11', 4],
      ['2023-12', 0],
      ['2024-01', 0],
      ['2024-02', 2],
      ['2024-03', 0],
      ['2024-04', 0],
      ['2024-05', 0],
      ['2024-06', 0],
      ['2024-07', 0],
      ['2024-08', 1],
    ])
    expect(countOverTime([{ ...wide[0]!, publishedAt: null }]).buckets).toEqual([])
  })
})
