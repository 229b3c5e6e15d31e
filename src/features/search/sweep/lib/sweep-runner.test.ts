import { describe, expect, it } from 'vitest'
import {
  emptyProgress,
  pagesLeft,
  runSweep,
  type RunSweepOptions,
  type SweepProgress,
} from './sweep-runner.ts'
import { circles, fakeService, PAGE_PRICE, type FakeService } from './testing/fake-sweep-service.ts'

const PAGES = {
  c1: [['a', 'b'], ['c'], ['d']],
  c2: [['b', 'e']],
  c3: [['f'], ['g']],
  c4: [['h'], ['a']],
}
const FOUR = circles(4)
const all = { kind: 'all' } as const

/** Every page of the four circles within $1, unless told otherwise. */
const run = (service: FakeService, more: Partial<RunSweepOptions> = {}) =>
  runSweep({ key: 'k', circles: FOUR, depth: all, fetchPage: service.fetchPage, maxUsd: 1, ...more })

describe('runSweep', () => {
  it('fetches each circle’s pages in order, every page, a few circles at once', async () => {
    const service = fakeService(PAGES)
    const saved: SweepProgress[] = []
    const outcome = await run(service, { onProgress: (p) => void saved.push(p) })
    expect(outcome.status).toBe('done')
    for (const id of ['c1', 'c3', 'c4']) {
      const mine = service.calls.filter((c) => c.startsWith(`${id}:`))
      expect(mine).toEqual([`${id}:first`, `${id}:p2`, `${id}:p3`].slice(0, PAGES[id as 'c1'].length))
    }
    expect(service.calls).toHaveLength(8)
    expect(service.maxInFlight()).toBe(3)
    expect(outcome.progress.circles.c1).toMatchObject({ pagesDone: 3, done: true, nextPageToken: undefined })
    expect(outcome.progress.circles.c1!.videos.map((v) => v.videoId)).toEqual(['a', 'b', 'c', 'd'])
    expect(outcome.progress.spentUsd).toBe(0.01624)
    // Progress is handed out after every page, each time a new object with the spend so far.
    expect(saved).toHaveLength(8)
    expect(saved.map((p) => p.spentUsd)).toEqual(
      saved.map((_, i) => Math.round((i + 1) * PAGE_PRICE * 1e5) / 1e5),
    )
    expect(new Set(saved).size).toBe(8)
  })

  it('stops at the depth: first page only, or up to N pages', async () => {
    const first = fakeService(PAGES)
    await run(first, { depth: { kind: 'first' } })
    expect([...first.calls].sort()).toEqual(['c1:first', 'c2:first', 'c3:first', 'c4:first'])
    const two = fakeService(PAGES)
    const outcome = await run(two, { depth: { kind: 'pages', pages: 2 } })
    expect(two.calls.filter((c) => c.startsWith('c1:'))).toEqual(['c1:first', 'c1:p2'])
    expect(outcome.progress.circles.c1).toMatchObject({ pagesDone: 2, done: true, nextPageToken: 'p3' })
  })

  it('never starts a page whose price would pass the maximum', async () => {
    const service = fakeService(PAGES)
    const outcome = await run(service, { maxUsd: PAGE_PRICE * 2.5 })
    expect(outcome.status).toBe('capped')
    expect(service.calls).toHaveLength(2)
    expect(outcome.progress.spentUsd).toBeLessThanOrEqual(PAGE_PRICE * 2.5)
  })

  it('counts a cached page at its receipt ($0), so the maximum buys more pages', async () => {
    const cachedPages = new Set(['c1:first', 'c2:first', 'c3:first'])
    const oneByOne = fakeService(PAGES, { cachedPages })
    const outcome = await run(oneByOne, { depth: { kind: 'first' }, maxUsd: PAGE_PRICE, concurrency: 1 })
    expect(outcome.status).toBe('done')
    expect(outcome.progress.spentUsd).toBe(PAGE_PRICE)
  })

  it('reserves a quoted-free page at $0, so pages running at once fit under the maximum', async () => {
    const cachedPages = new Set(['c1:first', 'c2:first', 'c3:first'])
    const service = fakeService(PAGES, { cachedPages })
    const outcome = await run(service, {
      depth: { kind: 'first' },
      maxUsd: PAGE_PRICE,
      pagePriceUsd: (circle, token) => (cachedPages.has(`${circle.id}:${token ?? 'first'}`) ? 0 : PAGE_PRICE),
    })
    expect(outcome.status).toBe('done')
    expect(service.calls).toHaveLength(4)
    expect(outcome.progress.spentUsd).toBe(PAGE_PRICE)
  })

  it('stops on the signal and resumes from saved progress without asking for a done page again', async () => {
    const service = fakeService(PAGES)
    const stop = new AbortController()
    let saved: SweepProgress | undefined
    const first = await run(service, {
      concurrency: 2,
      signal: stop.signal,
      onProgress: (p) => {
        saved = p
        if (Object.values(p.circles).reduce((n, c) => n + c.pagesDone, 0) === 3) stop.abort()
      },
    })
    expect(first.status).toBe('stopped')
    const doneBefore = [...service.calls]
    const resumed = fakeService(PAGES)
    const second = await run(resumed, { resumeFrom: saved })
    expect(second.status).toBe('done')
    // The pages saved before the stop are not asked for again; together the two runs asked for each page once.
    const savedPages = Object.entries(saved!.circles).flatMap(([id, c]) =>
      ['first', 'p2', 'p3'].slice(0, c.pagesDone).map((t) => `${id}:${t}`),
    )
    for (const page of savedPages) expect(resumed.calls).not.toContain(page)
    expect(new Set([...savedPages, ...resumed.calls]).size).toBe(8)
    expect(doneBefore.length).toBeGreaterThanOrEqual(3)
    expect(second.progress.circles.c1!.videos.map((v) => v.videoId)).toEqual(['a', 'b', 'c', 'd'])
  })

  it('ignores saved progress of another sweep', async () => {
    const service = fakeService(PAGES)
    const other = { ...emptyProgress('other', FOUR), spentUsd: 5 }
    other.circles.c1 = { pagesDone: 3, nextPageToken: undefined, done: true, videos: [], costUsd: 5 }
    const outcome = await run(service, { depth: { kind: 'first' }, resumeFrom: other })
    expect(service.calls).toContain('c1:first')
    expect(outcome.progress.spentUsd).toBe(0.00812)
  })

  it('records a failed page (and its charge) without retrying it; the other circles run on; resuming asks again', async () => {
    const charged = Object.assign(new Error('The service failed.'), { costUsd: PAGE_PRICE })
    const service = fakeService(PAGES, { fail: (call) => (call === 'c1:p2' ? charged : undefined) })
    const outcome = await run(service)
    expect(outcome.status).toBe('failed')
    expect(service.calls.filter((c) => c === 'c1:p2')).toHaveLength(1)
    expect(outcome.progress.circles.c1).toMatchObject({
      pagesDone: 1,
      done: false,
      error: 'The service failed.',
    })
    expect(outcome.progress.circles.c3).toMatchObject({ pagesDone: 2, done: true })
    expect(outcome.progress.spentUsd).toBe(Math.round(7 * PAGE_PRICE * 1e5) / 1e5)

    const again = fakeService(PAGES)
    const resumed = await run(again, { resumeFrom: outcome.progress })
    expect(again.calls).toEqual(['c1:p2', 'c1:p3'])
    expect(resumed.status).toBe('done')
    expect(resumed.progress.circles.c1!.error).toBeUndefined()
  })

  it('says how many pages a circle still needs at each depth', () => {
    const fresh = undefined
    const mid = { pagesDone: 2, nextPageToken: 'p3', done: false, videos: [], costUsd: 0 }
    const end = { pagesDone: 2, nextPageToken: undefined, done: true, videos: [], costUsd: 0 }
    expect(pagesLeft(fresh, { kind: 'first' })).toBe(1)
    expect(pagesLeft(mid, { kind: 'first' })).toBe(0)
    expect(pagesLeft(mid, { kind: 'pages', pages: 5 })).toBe(3)
    expect(pagesLeft(mid, all)).toBe(Infinity)
    expect(pagesLeft(end, all)).toBe(0)
  })
})
