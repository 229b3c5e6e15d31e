import { describe, expect, it } from 'vitest'
import type { SearchItem } from '#contract/index.ts'
import { toCsv, toJson } from '#lib/export/serialise.ts'
import { HARD_VALUES } from '#testing/hard-values.ts'
import { readStrictCsv } from '#test-readers/strict-csv.ts'
import { searchRequest } from '../api/queries.ts'
import { filterItems, sortItems } from './filter-results.ts'
import { searchExport, searchFileName, type SearchExportArgs } from './search-export.ts'

const video = (i: number, title: string, publishedAt: string): SearchItem => ({
  kind: 'youtube#video',
  videoId: `vid${String(i).padStart(8, '0')}`,
  publishedAt,
  channelId: 'UCuAXFkgsw1L7xaCfnd5JJOw',
  title,
  description: i === 0 ? 'line one\nline two' : 'd',
  thumbnails: {
    default: { url: 'https://i.example/d.jpg', width: 120, height: 90 },
    high: { url: 'https://i.example/h.jpg', width: 480, height: 360 },
  },
  channelTitle: 'Rick Astley',
})

const loaded = [
  video(0, '=Never, "gonna"', '2009-10-25T06:57:33Z'),
  video(1, 'Café in Paris', '2020-01-01T00:00:00Z'),
  video(2, 'Tokyo', '2021-01-01T00:00:00Z'),
  video(3, 'Another café', '2022-01-01T00:00:00Z'),
]
const input = { lat: 48.8566, lng: 2.3522, radius: 10, unit: 'km' } as const

function args(over: Partial<SearchExportArgs> = {}): SearchExportArgs {
  const q = over.q ?? ''
  const sort = over.sort ?? 'relevance'
  return {
    loaded,
    shown: sortItems(filterItems(loaded, q), sort),
    q,
    sort,
    pagesFetched: 3,
    regionCode: 'FR',
    input,
    request: searchRequest(input),
    viewUrl: 'http://127.0.0.1/search?location=48.8566,2.3522&radius=10&unit=km',
    fetchedAt: new Date('2026-01-02T03:04:05Z'),
    now: new Date('2026-01-05T10:00:00Z'),
    ...over,
  }
}

describe('searchExport', () => {
  it('names the file after the region, the point, the radius and unit, and the date', () => {
    expect(searchExport(args()).basename).toMatch(/^search-fr-48\.8566-2\.3522-r10km-2026-01-05-[0-9a-f]{6}$/)
  })

  it('gives two searches at one point on one day different names when radius, unit, filter or sort differ', () => {
    const names = [
      searchFileName(args()),
      searchFileName(args({ input: { ...input, radius: 5 } })),
      searchFileName(args({ input: { ...input, unit: 'mi' } })),
      searchFileName(args({ q: 'café' })),
      searchFileName(args({ q: 'cafe' })),
      searchFileName(args({ sort: 'date' })),
    ]
    expect(new Set(names).size).toBe(names.length)
    expect(names[3]).toMatch(/-filter-cafe-/)
    expect(names[5]).toMatch(/-sort-date-/)
    for (const n of names) expect(n).toMatch(/^[a-z0-9._-]{1,140}$/)
  })

  it('records the operation, the query sent, the pages and their list price', () => {
    expect(searchExport(args()).provenance).toMatchObject({
      title: 'Videos within 10 km of 48.8566, 2.3522',
      operation: 'GET /search',
      query: { location: '48.8566,2.3522', locationRadius: '10km', type: 'video' },
      view: { filter: {}, sort: 'relevance', shown: 'all 4 loaded videos' },
      pagesFetched: 3,
      itemCount: 4,
      costUsd: 0.00609,
      fetchedAt: '2026-01-02T03:04:05.000Z',
    })
  })

  it('exports only the videos the filter shows, in the shown order, and says so', () => {
    const req = searchExport(args({ q: 'cafe', sort: 'date' }))
    expect(req.items.map((r) => [r.title, r.rank])).toEqual([
      ['Another café', 4],
      ['Café in Paris', 2],
    ])
    expect(req.provenance).toMatchObject({
      view: { filter: { text: 'cafe' }, sort: 'date', shown: '2 of 4 loaded videos' },
      itemCount: 2,
    })
    const rows = readStrictCsv(toCsv(req.items, req.columns)).records
    expect(rows.map((r) => r.title)).toEqual(['Another café', 'Café in Paris'])
  })

  it('writes a strict CSV with the header on line 1 and every title exactly', () => {
    const hard = HARD_VALUES.map((t, i) => video(i, t, '2020-01-01T00:00:00Z'))
    const req = searchExport(args({ loaded: hard, shown: hard }))
    const read = readStrictCsv(toCsv(req.items, req.columns))
    expect(read.header.slice(0, 3)).toEqual(['rank', 'videoId', 'title'])
    expect(read.records.map((r) => r.title)).toEqual(HARD_VALUES)
    expect(read.records[0]).toMatchObject({
      rank: '1',
      description: 'line one\nline two',
      thumbnailUrl: 'https://i.example/h.jpg',
      videoUrl: 'https://www.youtube.com/watch?v=vid00000000',
    })
  })

  it('keeps the shown items as the service sent them in JSON', () => {
    const req = searchExport(args({ q: 'tokyo' }))
    const json = JSON.parse(toJson(req.jsonItems ?? [], req.provenance)) as { items: SearchItem[] }
    expect(json.items).toEqual([loaded[2]])
  })
})
