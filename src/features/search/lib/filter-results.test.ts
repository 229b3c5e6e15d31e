import { describe, expect, it } from 'vitest'
import type { SearchItem } from '#contract/index.ts'
import { filterItems, sortItems, uniqueItems } from './filter-results.ts'

const item = (
  videoId: string,
  title: string,
  publishedAt: string,
  extra: Partial<SearchItem> = {},
): SearchItem => ({
  kind: 'youtube#video',
  videoId,
  publishedAt,
  channelId: 'UC0000000000000000000000',
  title,
  description: '',
  thumbnails: {},
  channelTitle: 'Channel',
  ...extra,
})

const a = item('aaaaaaaaaaA', 'Walking in Montmartre', '2024-03-01T10:00:00Z', {
  description: 'Sacré-Cœur at dawn',
})
const b = item('bbbbbbbbbbE', 'Café tour, Le Marais', '2025-01-15T08:00:00Z', { channelTitle: 'Paris Eats' })
const c = item('ccccccccccI', 'bike ride along the canal', '2023-07-20T18:30:00Z')

describe('filterItems', () => {
  it('matches every word in title, description or channel, ignoring case and accents', () => {
    expect(filterItems([a, b, c], 'cafe')).toEqual([b])
    expect(filterItems([a, b, c], 'SACRE coeur')).toEqual([a])
    expect(filterItems([a, b, c], 'paris eats')).toEqual([b])
    expect(filterItems([a, b, c], 'canal montmartre')).toEqual([])
    expect(filterItems([a, b, c], '  ')).toEqual([a, b, c])
  })
})

describe('sortItems', () => {
  it('sorts by date both ways and by title, and keeps the service order by default', () => {
    expect(sortItems([a, b, c], 'date').map((i) => i.videoId)).toEqual([b.videoId, a.videoId, c.videoId])
    expect(sortItems([a, b, c], 'oldest').map((i) => i.videoId)).toEqual([c.videoId, a.videoId, b.videoId])
    expect(sortItems([a, b, c], 'title').map((i) => i.title)).toEqual([
      'bike ride along the canal',
      'Café tour, Le Marais',
      'Walking in Montmartre',
    ])
    expect(sortItems([c, a, b], 'relevance')).toEqual([c, a, b])
  })

  it('does not change its input', () => {
    const list = [a, b, c]
    sortItems(list, 'date')
    expect(list).toEqual([a, b, c])
  })
})

describe('uniqueItems', () => {
  it('lists a video once even when two pages carry it', () => {
    expect(uniqueItems([{ data: [a, b] }, { data: [b, c] }])).toEqual([a, b, c])
  })
})
