import { describe, expect, it } from 'vitest'
import type { PopularVideo } from '#contract/index.ts'
import { categoryCounts, durationSeconds, filterAndSort, toRows } from './popular-rows.ts'
import { DEFAULT_POPULAR_STATE } from './popular-search.ts'

function video(id: string, over: Partial<PopularVideo> = {}): PopularVideo {
  return {
    id,
    publishedAt: '2026-10-01T00:00:00Z',
    channelId: 'UCuAXFkgsw1L7xaCfnd5JJOw',
    title: `Video ${id}`,
    description: '',
    thumbnails: {},
    channelTitle: 'Channel',
    ...over,
  }
}

const pages = [
  {
    data: [
      video('a', {
        viewCount: '500',
        duration: 'PT3M',
        categoryId: '10',
        categoryTitle: 'Music',
        tags: ['live'],
      }),
      video('b', {
        viewCount: '9000',
        parsedDuration: 3725,
        categoryId: '20',
        categoryTitle: 'Gaming',
        publishedAt: '2026-10-20T00:00:00Z',
      }),
    ],
  },
  {
    data: [
      video('b', { viewCount: '1' }),
      video('c', {
        duration: 'PT45S',
        categoryId: '10',
        categoryTitle: 'Music',
        title: 'Acoustic LIVE session',
      }),
    ],
  },
]

describe('toRows', () => {
  it('ranks in the service order across pages and keeps the first rank of a repeated video', () => {
    const rows = toRows(pages)
    expect(rows.map((r) => [r.rank, r.video.id])).toEqual([
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
    ])
    expect(rows[1]?.views).toBe(9000)
  })
})

describe('durationSeconds', () => {
  it('prefers parsedDuration and falls back to the ISO duration', () => {
    expect(durationSeconds({ parsedDuration: 3725, duration: 'PT1M' })).toBe(3725)
    expect(durationSeconds({ duration: 'PT1H2M3S' })).toBe(3723)
    expect(durationSeconds({ duration: 'nonsense' })).toBeUndefined()
  })
})

describe('filterAndSort', () => {
  const rows = toRows(pages)
  const ids = (state: Partial<typeof DEFAULT_POPULAR_STATE>) =>
    filterAndSort(rows, { ...DEFAULT_POPULAR_STATE, ...state }).map((r) => r.video.id)

  it('filters by category, by duration range in minutes and by every word of the text', () => {
    expect(ids({ category: '10' })).toEqual(['a', 'c'])
    expect(ids({ minMinutes: 1, maxMinutes: 10 })).toEqual(['a'])
    expect(ids({ minMinutes: 60 })).toEqual(['b'])
    expect(ids({ q: 'live' })).toEqual(['a', 'c'])
    expect(ids({ q: 'live acoustic' })).toEqual(['c'])
    expect(ids({ minMinutes: 10, maxMinutes: 1 })).toEqual(['a', 'b', 'c'])
  })

  it('sorts, with missing numbers last', () => {
    expect(ids({ sort: 'views' })).toEqual(['b', 'a', 'c'])
    expect(ids({ sort: 'shortest' })).toEqual(['c', 'a', 'b'])
    expect(ids({ sort: 'newest' })).toEqual(['b', 'a', 'c'])
    expect(ids({ sort: 'rank' })).toEqual(['a', 'b', 'c'])
  })
})

describe('categoryCounts', () => {
  it('counts the loaded videos per category, most frequent first', () => {
    expect(categoryCounts(toRows(pages))).toEqual([
      { id: '10', title: 'Music', count: 2 },
      { id: '20', title: 'Gaming', count: 1 },
    ])
  })
})
