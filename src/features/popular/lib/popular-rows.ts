/** Loaded popular pages → ranked rows; filtering, sorting and counting happen here, over what is loaded, for free. */
import type { PopularVideo } from '#contract/index.ts'
import { parseIsoDuration } from '#lib/format.ts'
import { durationRangeValid, type PopularState } from './popular-search.ts'

export type PopularRow = {
  /** 1-based position in the service's order. */
  rank: number
  video: PopularVideo
  durationSec: number | undefined
  views: number | undefined
  likes: number | undefined
  comments: number | undefined
  publishedMs: number
}

const num = (s: string | undefined): number | undefined =>
  s !== undefined && s !== '' && Number.isFinite(Number(s)) ? Number(s) : undefined

/** parsedDuration when the service gave one, else the ISO 8601 duration. */
export function durationSeconds(
  video: Pick<PopularVideo, 'parsedDuration' | 'duration'>,
): number | undefined {
  return typeof video.parsedDuration === 'number' && Number.isFinite(video.parsedDuration)
    ? video.parsedDuration
    : parseIsoDuration(video.duration)
}

/** The list can shift between page fetches; a video seen again keeps its first (higher) rank. */
export function toRows(pages: readonly { data: readonly PopularVideo[] }[]): PopularRow[] {
  const seen = new Set<string>()
  const rows: PopularRow[] = []
  for (const page of pages) {
    for (const video of page.data) {
      if (seen.has(video.id)) continue
      seen.add(video.id)
      rows.push({
        rank: rows.length + 1,
        video,
        durationSec: durationSeconds(video),
        views: num(video.viewCount),
        likes: num(video.likeCount),
        comments: num(video.commentCount),
        publishedMs: Date.parse(video.publishedAt) || 0,
      })
    }
  }
  return rows
}

function matchesText(row: PopularRow, needles: string[]): boolean {
  if (needles.length === 0) return true
  const v = row.video
  const hay = [v.title, v.channelTitle, v.description, v.categoryTitle ?? '', ...(v.tags ?? [])]
    .join('\n')
    .toLocaleLowerCase()
  return needles.every((n) => hay.includes(n))
}

/** Missing numbers sort last whichever the direction. */
function by(get: (r: PopularRow) => number | undefined, dir: 1 | -1) {
  return (a: PopularRow, b: PopularRow): number => {
    const x = get(a)
    const y = get(b)
    if (x === undefined && y === undefined) return a.rank - b.rank
    if (x === undefined) return 1
    if (y === undefined) return -1
    return (x - y) * dir || a.rank - b.rank
  }
}

const SORTERS = {
  rank: (a: PopularRow, b: PopularRow) => a.rank - b.rank,
  views: by((r) => r.views, -1),
  likes: by((r) => r.likes, -1),
  comments: by((r) => r.comments, -1),
  longest: by((r) => r.durationSec, -1),
  shortest: by((r) => r.durationSec, 1),
  newest: by((r) => r.publishedMs, -1),
  oldest: by((r) => r.publishedMs, 1),
} satisfies Record<PopularState['sort'], (a: PopularRow, b: PopularRow) => number>

export function filterAndSort(rows: readonly PopularRow[], state: PopularState): PopularRow[] {
  const needles = state.q.toLocaleLowerCase().split(/\s+/).filter(Boolean)
  const ranged = durationRangeValid(state)
  const min = ranged && state.minMinutes !== undefined ? state.minMinutes * 60 : undefined
  const max = ranged && state.maxMinutes !== undefined ? state.maxMinutes * 60 : undefined
  const out = rows.filter((r) => {
    if (state.category && r.video.categoryId !== state.category) return false
    if (min !== undefined && (r.durationSec === undefined || r.durationSec < min)) return false
    if (max !== undefined && (r.durationSec === undefined || r.durationSec > max)) return false
    return matchesText(r, needles)
  })
  return out.sort(SORTERS[state.sort])
}

export type CategoryCount = { id: string; title: string; count: number }

/** Categories of the loaded videos, most frequent first (ties by title). */
export function categoryCounts(rows: readonly PopularRow[]): CategoryCount[] {
  const counts = new Map<string, CategoryCount>()
  for (const { video } of rows) {
    const id = video.categoryId ?? ''
    const entry = counts.get(id) ?? {
      id,
      title: video.categoryTitle || (id ? `Category ${id}` : 'No category'),
      count: 0,
    }
    entry.count += 1
    counts.set(id, entry)
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.title.localeCompare(b.title))
}
