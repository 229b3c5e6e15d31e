/**
 * Runs a sweep: each circle's pages in order, a few circles at once, one page at a time through an injected fetch.
 * Progress is handed out after every page (the view saves it), so a reload resumes where it stopped; a page already
 * done is never requested again, no page starts whose price would pass the maximum, and nothing failed is retried.
 */
import type { SearchItem } from '#contract/schemas.ts'
import type { Circle } from '#lib/area/area-types.ts'
import type { SweepDepth } from './sweep-plan.ts'

/** One page as the sweep needs it; `costUsd` is the receipt's (0 when the function served it from its cache). */
export type FetchedPage = {
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
  /** What a page will cost before it is fetched (defaults to the list price of GET /search). */
  pagePriceUsd?: number
  /** Circles fetched at the same time (default 3). */
  concurrency?: number
  signal?: AbortSignal
  /** Saved progress to resume from (the same key), e.g. after a reload. */
  resumeFrom?: SweepProgress
  /** Called after every page with the whole progress (save it here); awaited before the next page of that circle. */
  onProgress?: (progress: SweepProgress) => void | Promise<void>
}

/** Fresh progress for a sweep: nothing fetched. */
export function emptyProgress(key: string, circles: readonly Circle[]): SweepProgress {
  void key
  void circles
  throw new Error('not implemented')
}

/** Pages still to fetch for a circle at this depth (Infinity for every page while pages remain). */
export function pagesLeft(progress: CircleProgress | undefined, depth: SweepDepth): number {
  void progress
  void depth
  throw new Error('not implemented')
}

export function runSweep(options: RunSweepOptions): Promise<SweepOutcome> {
  void options
  throw new Error('not implemented')
}
