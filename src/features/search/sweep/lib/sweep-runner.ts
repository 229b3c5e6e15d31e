/**
 * Runs a sweep: each circle's pages in order, a few circles at once, one page at a time through an injected fetch.
 * Progress is handed out after every page (the view saves it), so a reload resumes where it stopped; a page already
 * done is never requested again, no page starts whose price would pass the maximum, and nothing failed is retried.
 * docs/decisions/0159-sweep-running-and-money.md
 */
import { addUsd, priceOf } from '#contract/prices.ts'
import type { SearchItem } from '#contract/schemas.ts'
import type { Circle } from '#lib/area/area-types.ts'
import { depthPages, type SweepDepth } from './sweep-plan.ts'

/** One page as the sweep needs it; `costUsd` is the receipt's (0 when the function served it from its cache). */
type FetchedPage = {
  videos: SearchItem[]
  nextPageToken: string | undefined
  costUsd: number
  cached: boolean
}

/** Fetches one page of one circle's search (`pageToken` undefined for the first page). */
export type FetchPage = (
  circle: Circle,
  pageToken: string | undefined,
  signal: AbortSignal,
) => Promise<FetchedPage>

export type CircleProgress = {
  /** Pages fetched for this circle. */
  pagesDone: number
  /** The token of the next page; undefined before the first page and when no page remains. */
  nextPageToken: string | undefined
  /** True when the circle needs no more pages (no next page, or its depth reached). */
  done: boolean
  /** Every video of its pages, in the service's order (rank = index + 1). */
  videos: SearchItem[]
  /** What its pages cost (receipts). */
  costUsd: number
  /** Why its last page failed (not retried until the researcher resumes). */
  error?: string
}

export type SweepProgress = {
  version: 1
  /** The sweep's storage key (area + radius + depth): sweepKey(). */
  key: string
  circles: Record<string, CircleProgress>
  /** Sum of every receipt so far. */
  spentUsd: number
  updatedAt: string
}

export type SweepStatus =
  /** Every circle is done. */
  | 'done'
  /** The signal stopped it. */
  | 'stopped'
  /** The next page would have passed the maximum. */
  | 'capped'
  /** At least one circle's page failed; the others ran on. */
  | 'failed'

export type SweepOutcome = { status: SweepStatus; progress: SweepProgress }

export type RunSweepOptions = {
  key: string
  circles: readonly Circle[]
  depth: SweepDepth
  fetchPage: FetchPage
  /** The researcher's maximum in US dollars: no page starts whose price would bring the spend past it. */
  maxUsd: number
  /**
   * What a page will cost before it is fetched: the list price of GET /search by default, or per page (e.g. $0 for a
   * first page the function's quote says is cached, so it does not hold room under the maximum).
   */
  pagePriceUsd?: number | ((circle: Circle, pageToken: string | undefined) => number)
  /** Circles fetched at the same time (default 3). */
  concurrency?: number
  signal?: AbortSignal
  /** Saved progress to resume from (the same key), e.g. after a reload. */
  resumeFrom?: SweepProgress
  /** Called after every page with the whole progress (save it here); awaited before the next page of that circle. */
  onProgress?: (progress: SweepProgress) => void | Promise<void>
}

const DEFAULT_CONCURRENCY = 3

const EMPTY_CIRCLE: CircleProgress = {
  pagesDone: 0,
  nextPageToken: undefined,
  done: false,
  videos: [],
  costUsd: 0,
}

/** Fresh progress for a sweep: nothing fetched. */
export function emptyProgress(key: string, circles: readonly Circle[]): SweepProgress {
  return {
    version: 1,
    key,
    circles: Object.fromEntries(circles.map((c) => [c.id, EMPTY_CIRCLE])),
    spentUsd: 0,
    updatedAt: new Date().toISOString(),
  }
}

/** Pages still to fetch for a circle at this depth (Infinity for every page while pages remain). */
export function pagesLeft(progress: CircleProgress | undefined, depth: SweepDepth): number {
  const p = progress ?? EMPTY_CIRCLE
  if (p.done || (p.pagesDone > 0 && !p.nextPageToken)) return 0
  return Math.max(0, depthPages(depth) - p.pagesDone)
}

const isAbort = (e: unknown) => (e as Error | undefined)?.name === 'AbortError'

/** Where a resumed sweep starts: the saved progress of the same sweep, its failures cleared (resuming is the researcher's retry). */
function startingProgress(o: RunSweepOptions): SweepProgress {
  const fresh = emptyProgress(o.key, o.circles)
  if (!o.resumeFrom || o.resumeFrom.key !== o.key) return fresh
  const circles = Object.fromEntries(
    o.circles.map((c) => {
      const { error: _, ...saved } = o.resumeFrom!.circles[c.id] ?? EMPTY_CIRCLE
      return [c.id, saved]
    }),
  )
  return { ...fresh, circles, spentUsd: o.resumeFrom.spentUsd }
}

export async function runSweep(o: RunSweepOptions): Promise<SweepOutcome> {
  const listPrice = priceOf('GET /search')
  const priceOfPage = (circle: Circle, token: string | undefined) =>
    typeof o.pagePriceUsd === 'function' ? o.pagePriceUsd(circle, token) : (o.pagePriceUsd ?? listPrice)
  const signal = o.signal ?? new AbortController().signal
  let progress = startingProgress(o)
  let capped = false
  let failed = false
  /** Prices of pages asked for and not yet answered: they count against the maximum until their receipt comes. */
  const inFlight = new Map<Promise<unknown>, number>()
  const reserved = () => addUsd(...inFlight.values())
  const fits = (price: number) => addUsd(progress.spentUsd, reserved(), price) <= o.maxUsd + 1e-9

  const update = (id: string, change: Partial<CircleProgress>, costUsd: number) => {
    progress = {
      ...progress,
      circles: { ...progress.circles, [id]: { ...progress.circles[id]!, ...change } },
      spentUsd: addUsd(progress.spentUsd, costUsd),
      updatedAt: new Date().toISOString(),
    }
  }

  /** When the next page would pass the maximum: waits for a page in flight (a cached answer costs nothing and frees room). */
  const waitForRoom = async (): Promise<boolean> => {
    if (inFlight.size === 0) return false
    await Promise.race(inFlight.keys()).catch(() => undefined)
    return true
  }

  const runCircle = async (circle: Circle) => {
    while (pagesLeft(progress.circles[circle.id], o.depth) > 0) {
      if (signal.aborted || capped) return
      // Checked and reserved with no await between, so circles running at once cannot pass the maximum together.
      const before = progress.circles[circle.id]!
      const price = priceOfPage(circle, before.nextPageToken)
      if (!fits(price)) {
        if (await waitForRoom()) continue
        capped = true
        return
      }
      const request = Promise.resolve().then(() => o.fetchPage(circle, before.nextPageToken, signal))
      inFlight.set(request, price)
      let page: FetchedPage
      try {
        page = await request
      } catch (e) {
        if (isAbort(e)) return
        // A failure may have been charged: its receipt counts; it is never retried here (docs/decisions/0126).
        failed = true
        update(
          circle.id,
          { error: (e as Error).message || String(e) },
          Number((e as { costUsd?: number }).costUsd) || 0,
        )
        await o.onProgress?.(progress)
        return
      } finally {
        inFlight.delete(request)
      }
      const now = progress.circles[circle.id]!
      const pagesDone = now.pagesDone + 1
      const nextPageToken = page.nextPageToken || undefined
      update(
        circle.id,
        {
          pagesDone,
          nextPageToken,
          done: !nextPageToken || pagesDone >= depthPages(o.depth),
          videos: [...now.videos, ...page.videos],
          costUsd: addUsd(now.costUsd, page.costUsd),
        },
        page.costUsd,
      )
      await o.onProgress?.(progress)
    }
  }

  const queue = o.circles.filter((c) => pagesLeft(progress.circles[c.id], o.depth) > 0)
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      await runCircle(next)
      if (signal.aborted || capped) return
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, o.concurrency ?? DEFAULT_CONCURRENCY) }, worker))
  const status: SweepStatus = signal.aborted ? 'stopped' : failed ? 'failed' : capped ? 'capped' : 'done'
  return { status, progress }
}
