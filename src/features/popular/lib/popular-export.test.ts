import { describe, expect, it } from 'vitest'
import { PopularPage } from '#contract/index.ts'
import { toCsv } from '#lib/export/serialise.ts'
import { HARD_VALUES } from '#testing/hard-values.ts'
import { readStrictCsv } from '#test-readers/strict-csv.ts'
import { popularExport, popularFileName } from './popular-export.ts'
import { filterAndSort, toRows } from './popular-rows.ts'
import { DEFAULT_POPULAR_STATE, type PopularState } from './popular-search.ts'

const receipt = {
  url: '/api/popularVideos',
  costUsd: 0.00013,
  cache: 'MISS' as const,
  fetchedAt: '2026-11-25T00:00:00.000Z',
}

async function demoRows() {
  const page = PopularPage.parse(await (await fetch('/api/popularVideos')).json())
  return toRows([page])
}

const now = new Date('2026-11-25T01:00:00Z')

describe('popular exports', () => {
  it('hold only the rows the filters show, in the shown order, and say so', async () => {
    const loaded = await demoRows()
    const state: PopularState = { ...DEFAULT_POPULAR_STATE, minMinutes: 5, sort: 'views' }
    const shown = filterAndSort(loaded, state)
    expect(shown.length).toBeGreaterThan(0)
    expect(shown.length).toBeLessThan(loaded.length)
    const req = popularExport({
      receipts: [receipt],
      pageTokens: [undefined],
      loaded,
      shown,
      state,
      viewUrl: 'http://localhost/popular?min=5&sort=views',
      now,
    })
    const csv = readStrictCsv(toCsv(req.items, req.columns))
    expect(csv.records.map((r) => r.id)).toEqual(shown.map((r) => r.video.id))
    expect(csv.records.map((r) => Number(r.viewCount))).toEqual(
      [...csv.records.map((r) => Number(r.viewCount))].sort((a, b) => b - a),
    )
    expect(req.provenance).toMatchObject({
      title: 'Popular videos (loaded pages, filtered in the dashboard)',
      view: {
        filter: { minMinutes: 5 },
        sort: 'views',
        shown: `${shown.length} of ${loaded.length} loaded videos`,
      },
      itemCount: shown.length,
      costUsd: 0.00013,
    })
  })

  it('write every title and tag exactly', async () => {
    const [first] = await demoRows()
    const rows = HARD_VALUES.map((title, i) => ({
      ...first!,
      rank: i + 1,
      video: { ...first!.video, id: `v${i}`, title, tags: [title] },
    }))
    const req = popularExport({
      receipts: [receipt],
      pageTokens: [undefined],
      loaded: rows,
      shown: rows,
      state: DEFAULT_POPULAR_STATE,
      viewUrl: 'http://localhost/popular',
      now,
    })
    const read = readStrictCsv(toCsv(req.items, req.columns))
    expect(read.records.map((r) => r.title)).toEqual(HARD_VALUES)
    expect(read.records.map((r) => r.tags)).toEqual(HARD_VALUES)
  })

  it('are named after the filters and sort, so two views of one day differ', () => {
    const names = [
      popularFileName(DEFAULT_POPULAR_STATE, now),
      popularFileName({ ...DEFAULT_POPULAR_STATE, q: 'café' }, now),
      popularFileName({ ...DEFAULT_POPULAR_STATE, q: 'cafe' }, now),
      popularFileName({ ...DEFAULT_POPULAR_STATE, category: '10' }, now),
      popularFileName({ ...DEFAULT_POPULAR_STATE, minMinutes: 1, maxMinutes: 4 }, now),
      popularFileName({ ...DEFAULT_POPULAR_STATE, sort: 'newest' }, now),
    ]
    expect(new Set(names).size).toBe(names.length)
    expect(names[0]).toMatch(/^popular-videos-2026-11-25-[0-9a-f]{6}$/)
    expect(names[4]).toMatch(/^popular-videos-min-1-max-4-2026-11-25-/)
    // Auto-load changes what is loaded, not what a file holds.
    expect(popularFileName({ ...DEFAULT_POPULAR_STATE, auto: true }, now)).toBe(names[0])
  })

  it('give links the function rewrote to its own routes the dashboard origin, so they lead somewhere from a file', async () => {
    const [first] = await demoRows()
    const row = { ...first!, video: { ...first!.video, captionsUrl: `/api/captions/${first!.video.id}` } }
    const req = popularExport({
      receipts: [receipt],
      pageTokens: [undefined],
      loaded: [row],
      shown: [row],
      state: DEFAULT_POPULAR_STATE,
      viewUrl: 'https://dash.example.org/popular',
      now,
    })
    expect(req.jsonItems![0]).toMatchObject({
      rank: row.rank,
      id: row.video.id,
      captionsUrl: `https://dash.example.org/api/captions/${row.video.id}`,
    })
  })
})
