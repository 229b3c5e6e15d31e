/**
 * The sweep through the real function and simulator, in-process (demo data): the merged list is the union of the
 * same circles' searches made one by one, a second run pays nothing, and a page cut off by a reload is not bought twice.
 */
import { describe, expect, it } from 'vitest'
import { SearchPage } from '#contract/schemas.ts'
import type { Circle } from '#lib/area/area-types.ts'
import { planCover } from '#lib/area/cover.ts'
import { PARIS } from '#lib/area/fixtures/paris.ts'
import { mergeSweep } from './merge-sweep.ts'
import { circlePagePath, fetchSearchPage } from './sweep-fetch.ts'
import { runSweep, type FetchPage, type SweepProgress } from './sweep-runner.ts'

const AREA = { shapes: { type: 'MultiPolygon' as const, coordinates: [PARIS.coordinates] } }

function parisCircles(radiusKm: number): Circle[] {
  const cover = planCover(AREA, radiusKm)
  if (!cover.ok) throw new Error('no cover')
  return cover.circles
}

/** Paid GET /search calls the function has recorded in its ledger (cache hits are not paid calls). */
async function paidSearches(): Promise<number> {
  const report = (await (await fetch('/api/spend')).json()) as {
    byOperation: { operation: string; paidCalls: number }[]
  }
  return report.byOperation.find((o) => o.operation === 'GET /search')?.paidCalls ?? 0
}

/** One circle's search made by hand, page after page, as the single-search view would. */
async function searchOneByOne(circle: Circle): Promise<string[]> {
  const ids: string[] = []
  let token: string | undefined
  do {
    const res = await fetch(circlePagePath(circle, token))
    expect(res.status).toBe(200)
    const page = SearchPage.parse(await res.json())
    ids.push(...page.data.map((v) => v.videoId))
    token = page.nextPageToken || undefined
  } while (token)
  return ids
}

const everyPage = { kind: 'all' } as const

describe('area sweep on demo data (the function in-process)', { timeout: 180_000 }, () => {
  // 2 km: 15 circles of one page each; 10 km: one circle over all of Paris, with a second page.
  it.each([2, 10])(
    'at %i km: merges to the union of the circles’ own searches, with no duplicate videoId; the same plan again pays nothing',
    async (radiusKm) => {
      const circles = parisCircles(radiusKm)
      const first = await runSweep({
        key: `paris-${radiusKm}`,
        circles,
        depth: everyPage,
        fetchPage: fetchSearchPage,
        maxUsd: 5,
      })
      expect(first.status).toBe('done')
      expect(first.progress.spentUsd).toBeGreaterThan(0)
      const merged = mergeSweep(circles, first.progress)
      const ids = merged.rows.map((r) => r.videoId)
      expect(new Set(ids).size).toBe(ids.length)
      expect(ids.length).toBeGreaterThan(50)
      if (radiusKm === 10)
        expect(Object.values(first.progress.circles).some((c) => c.pagesDone > 1)).toBe(true)
      // Overlapping circles do find the same videos: the merge has something to remove.
      if (radiusKm === 2) expect(merged.duplicates).toBeGreaterThan(0)

      const union = new Set<string>()
      for (const circle of circles) for (const id of await searchOneByOne(circle)) union.add(id)
      expect([...union].sort()).toEqual([...ids].sort())
      for (const row of merged.rows) expect(row.circles.length).toBeGreaterThanOrEqual(1)

      const paidBefore = await paidSearches()
      const again = await runSweep({
        key: `paris-${radiusKm}`,
        circles,
        depth: everyPage,
        fetchPage: fetchSearchPage,
        maxUsd: 5,
      })
      expect(again.progress.spentUsd).toBe(0)
      expect(await paidSearches()).toBe(paidBefore)
      expect(mergeSweep(circles, again.progress).rows.map((r) => r.videoId)).toEqual(ids)
    },
  )

  it('a reload mid-sweep resumes without a second paid call for any page (a page cut off is served from the cache)', async () => {
    const circles = parisCircles(5)
    const paidAtStart = await paidSearches()
    const reload = new AbortController()
    let saved: SweepProgress | undefined
    const cutOff: Promise<unknown>[] = []
    let pages = 0
    /** As the browser does on a reload: the request has left and the function finishes it, the page never sees the answer. */
    const reloadingFetch: FetchPage = (circle, token, signal) => {
      if (++pages === 4) {
        cutOff.push(fetchSearchPage(circle, token, new AbortController().signal))
        reload.abort()
        return Promise.reject(new DOMException('The page was reloaded.', 'AbortError'))
      }
      return fetchSearchPage(circle, token, signal)
    }
    const before = await runSweep({
      key: 'paris-5',
      circles,
      depth: everyPage,
      fetchPage: reloadingFetch,
      maxUsd: 5,
      concurrency: 1,
      signal: reload.signal,
      onProgress: (p) => {
        saved = structuredClone(p)
      },
    })
    expect(before.status).toBe('stopped')
    expect(Object.values(saved!.circles).reduce((n, c) => n + c.pagesDone, 0)).toBe(3)
    await Promise.all(cutOff)

    let resumedCalls = 0
    const after = await runSweep({
      key: 'paris-5',
      circles,
      depth: everyPage,
      fetchPage: (circle, token, signal) => {
        resumedCalls++
        return fetchSearchPage(circle, token, signal)
      },
      maxUsd: 5,
      resumeFrom: saved,
    })
    expect(after.status).toBe('done')
    const pagesBought = Object.values(after.progress.circles).reduce((n, c) => n + c.pagesDone, 0)
    // The three saved pages are not asked for again; the cut-off one is.
    expect(resumedCalls).toBe(pagesBought - 3)
    // Every page paid exactly once: the function's ledger holds one paid call per page, the cut-off one included.
    expect(await paidSearches()).toBe(paidAtStart + pagesBought)
    // The cut-off page's receipt never reached the page: its price is in the ledger, its second fetch was a free hit.
    expect(after.progress.spentUsd).toBe(Math.round((pagesBought - 1) * 203) / 1e5)
  })
})
