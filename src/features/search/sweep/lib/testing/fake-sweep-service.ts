/** A fake paged search for the runner's tests: each circle has fixed pages of video ids; every call is written down. */
import type { SearchItem } from '#contract/schemas.ts'
import type { Circle } from '#lib/area/area-types.ts'
import type { FetchPage } from '../sweep-runner.ts'

export const PAGE_PRICE = 0.00203

export function video(videoId: string): SearchItem {
  return {
    kind: 'video',
    videoId,
    publishedAt: '2026-01-01T00:00:00Z',
    channelId: 'UC1',
    title: `Title ${videoId}`,
    description: '',
    thumbnails: {},
    channelTitle: 'Channel',
  }
}

export const circles = (n: number): Circle[] =>
  Array.from({ length: n }, (_, i) => ({ id: `c${i + 1}`, lat: 48 + i / 100, lon: 2, radiusKm: 1 }))

export type FakeService = {
  fetchPage: FetchPage
  /** `c1:first`, `c1:p2`… in the order asked. */
  calls: string[]
  /** The most pages in flight at once. */
  maxInFlight: () => number
}

/** `pages[circleId]` lists the ids of each page; a page named in `cachedPages` costs 0; `fail` makes that call throw. */
export function fakeService(
  pages: Record<string, string[][]>,
  options: { cachedPages?: Set<string>; fail?: (call: string) => Error | undefined } = {},
): FakeService {
  const calls: string[] = []
  let inFlight = 0
  let most = 0
  const fetchPage: FetchPage = async (circle, token, signal) => {
    const call = `${circle.id}:${token ?? 'first'}`
    calls.push(call)
    inFlight++
    most = Math.max(most, inFlight)
    try {
      // A macrotask, so other circles' pages really overlap.
      await new Promise((r) => setTimeout(r, 1))
      if (signal.aborted) throw new DOMException('stopped', 'AbortError')
      const failure = options.fail?.(call)
      if (failure) throw failure
      const index = token ? Number(token.slice(1)) - 1 : 0
      const list = pages[circle.id] ?? [[]]
      return {
        videos: (list[index] ?? []).map(video),
        nextPageToken: index + 1 < list.length ? `p${index + 2}` : undefined,
        costUsd: options.cachedPages?.has(call) ? 0 : PAGE_PRICE,
        cached: options.cachedPages?.has(call) ?? false,
      }
    } finally {
      inFlight--
    }
  }
  return { fetchPage, calls, maxInFlight: () => most }
}
