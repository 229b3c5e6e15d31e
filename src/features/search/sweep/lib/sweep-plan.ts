/**
 * The price of a sweep before anything is paid, per depth. A first page's price is known (the price table, or $0 when
 * the function's quote says it is cached); how many further pages exist is not, so deeper plans state an upper bound
 * or a price per further page. docs/decisions/0159-sweep-running-and-money.md
 */
import { addUsd, formatUsd, priceOf } from '#contract/prices.ts'
import type { Circle } from '#lib/area/area-types.ts'

/** First page only, up to N pages per circle, or every page (until the maximum). */
export type SweepDepth = { kind: 'first' } | { kind: 'pages'; pages: number } | { kind: 'all' }

/** Pages per circle a depth "up to N pages" accepts. */
export const MAX_DEPTH_PAGES = 20

/** `1`, `N` (2…20) or `all`: the URL's `depth` parameter. */
export function formatDepth(depth: SweepDepth): string {
  if (depth.kind === 'first') return '1'
  return depth.kind === 'all' ? 'all' : String(depth.pages)
}

/** The depth a URL parameter names, or undefined when it names none. */
export function parseDepth(text: string | null | undefined): SweepDepth | undefined {
  if (text === 'all') return { kind: 'all' }
  if (!text || !/^\d{1,2}$/.test(text)) return undefined
  const pages = Number(text)
  if (pages === 1) return { kind: 'first' }
  return pages >= 2 && pages <= MAX_DEPTH_PAGES ? { kind: 'pages', pages } : undefined
}

/** Pages a depth allows per circle (Infinity for every page). */
export function depthPages(depth: SweepDepth): number {
  return depth.kind === 'first' ? 1 : depth.kind === 'pages' ? depth.pages : Infinity
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

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

export function planSweep(
  circles: readonly Circle[],
  depth: SweepDepth,
  options: PlanOptions = {},
): SweepPlan {
  const pagePriceUsd = priceOf('GET /search')
  const cached = circles.filter((c) => options.cachedFirstPages?.has(c.id)).length
  const firstPagesUsd = addUsd(...Array.from({ length: circles.length - cached }, () => pagePriceUsd))
  const further = depthPages(depth) - 1
  const atMostUsd =
    depth.kind === 'all'
      ? undefined
      : addUsd(firstPagesUsd, ...Array.from({ length: circles.length * further }, () => pagePriceUsd))
  const head = plural(circles.length, 'circle')
  const cachedNote = cached ? ` (${plural(cached, 'first page')} cached: free)` : ''
  const firstPages = `${formatUsd(firstPagesUsd)} for the first pages${cachedNote}`
  const perPage = `${formatUsd(pagePriceUsd)} per further page while pages remain`
  const summary =
    depth.kind === 'first'
      ? `${head}, first page only: ${formatUsd(firstPagesUsd)}${cachedNote}`
      : depth.kind === 'pages'
        ? `${head}, up to ${depth.pages} pages each: at most ${formatUsd(atMostUsd!)} (${firstPages}, then ${perPage})`
        : `${head}, every page: ${firstPages}, then ${perPage}, stopping at your maximum`
  return {
    circles: [...circles],
    depth,
    pagePriceUsd,
    firstPagesUsd,
    cachedFirstPages: cached,
    atMostUsd,
    furtherPageUsd: pagePriceUsd,
    summary,
  }
}
