import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import type { SearchItem } from '#contract/index.ts'
import { toCsv, toJson } from '#lib/export/serialise.ts'
import { searchRequest } from '../api/queries.ts'
import { searchExport } from './search-export.ts'

const items: SearchItem[] = [
  {
    kind: 'youtube#video',
    videoId: 'dQw4w9WgXcQ',
    publishedAt: '2009-10-25T06:57:33Z',
    channelId: 'UCuAXFkgsw1L7xaCfnd5JJOw',
    title: '=Never, "gonna"',
    description: 'line one\nline two',
    thumbnails: {
      default: { url: 'https://i.example/d.jpg', width: 120, height: 90 },
      high: { url: 'https://i.example/h.jpg', width: 480, height: 360 },
    },
    channelTitle: 'Rick Astley',
  },
]

describe('searchExport', () => {
  const input = { lat: 48.8566, lng: 2.3522, radius: 10, unit: 'km' } as const
  const req = searchExport({
    items,
    pagesFetched: 3,
    regionCode: 'FR',
    input,
    request: searchRequest(input),
    viewUrl: 'http://127.0.0.1/search?location=48.8566,2.3522&radius=10&unit=km',
    fetchedAt: new Date('2026-01-02T03:04:05Z'),
    now: new Date('2026-01-05T10:00:00Z'),
  })

  it('names the file after the region, the point and the date', () => {
    expect(req.basename).toBe('search-fr-48.8566-2.3522-2026-01-05')
  })

  it('records the operation, the query sent, the pages and their list price', () => {
    expect(req.provenance).toMatchObject({
      title: 'Videos within 10 km of 48.8566, 2.3522',
      operation: 'GET /search',
      query: { location: '48.8566,2.3522', locationRadius: '10km', type: 'video' },
      pagesFetched: 3,
      itemCount: 1,
      costUsd: 0.00609,
      fetchedAt: '2026-01-02T03:04:05.000Z',
      viewUrl: 'http://127.0.0.1/search?location=48.8566,2.3522&radius=10&unit=km',
    })
  })

  it('writes one CSV row per video with provenance lines on top, line breaks and formulas safe', () => {
    const csv = toCsv(req.items, req.columns, req.provenance)
    expect(csv).toMatch(/^# title: Videos within 10 km/)
    expect(csv).toContain('# operation: GET /search')
    const body = csv
      .split('\r\n')
      .filter((l) => !l.startsWith('#'))
      .join('\r\n')
    const rows = Papa.parse<Record<string, string>>(body, { header: true, skipEmptyLines: true }).data
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      rank: '1',
      videoId: 'dQw4w9WgXcQ',
      title: `'=Never, "gonna"`,
      description: 'line one\nline two',
      thumbnailUrl: 'https://i.example/h.jpg',
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    })
  })

  it('keeps the items as the service sent them in JSON', () => {
    const json = JSON.parse(toJson(req.jsonItems ?? [], req.provenance)) as {
      provenance: unknown
      items: SearchItem[]
    }
    expect(json.items).toEqual(items)
    expect(json.provenance).toMatchObject({ pagesFetched: 3 })
  })
})
