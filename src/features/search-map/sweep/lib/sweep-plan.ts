/**
 * The price of a sweep before anything is paid, per depth. A first page's price is known (the price table, or $0 when
 * the function's quote says it is cached); how many further pages exist is not, so deeper plans state an upper bound
 * or a price per further page.
 */
import type { Circle } from '#lib/area/area-types.ts'

/** First page only, up to N pages per circle, or every page (until the maximum). */
export type SweepDepth = { kind: 'first' } | { kind: 'pages'; pages: number } | { kind: 'all' }

/** Pages per circle a depth "up to N pages" accepts. */
export const MAX_DEPTH_PAGES = 20

/** `1`, `N` (2…20) or `all`: the URL's `depth` parameter. */
export function formatDepth(depth: SweepDepth): string {
  void depth
  throw new Error('not implemented')
}

/** The depth a URL parameter names, or undefined when it names none. */
export function parseDepth(text: string | null | undefined): SweepDepth | undefined {
  void text
  throw new Error('not implemented')
}

export type SweepPlan = {
  circles: Circle[]
  depth: SweepDepth
  /** The list price of one search page (GET /search). */
  pagePriceUsd: number
  /** What the first page of every circle costs now (cached first pages at $0). */
  firstPagesUsd: number
  /** How many first pages are cached (free). */
  cachedFirstPages: number
  /** The most the depth can cost; undefined for every page (unbounded until the maximum). */
  atMostUsd: number | undefined
  /** The price of each page after the first (every page, up to N pages). */
  furtherPageUsd: number
  /** One honest sentence: "12 circles, first page only: $0.02436". */
  summary: string
}

export type PlanOptions = {
  /** Circle ids whose first page the function's quote says is cached (free). */
  cachedFirstPages?: ReadonlySet<string>
}

export function planSweep(circles: readonly Circle[], depth: SweepDepth, options?: PlanOptions): SweepPlan {
  void circles
  void depth
  void options
  throw new Error('not implemented')
}
