/** Hits per video and per period of publication, from the counts per video the statistics route gives. */
import type { CollectionVideo } from '#contract/collections.ts'

export type VideoCount = { videoId: string; title: string; publishedAt: string | null; count: number }
export type TimeBucket = { label: string; start: number; count: number }

/** The function's counts per video with each video's title and date, most hits first. */
export function countPerVideo(
  counts: readonly { videoId: string; count: number }[],
  videos: ReadonlyMap<string, Pick<CollectionVideo, 'title' | 'publishedAt'>>,
): VideoCount[] {
  return counts
    .filter((c) => c.count > 0)
    .map(({ videoId, count }) => ({
      videoId,
      count,
      title: videos.get(videoId)?.title ?? videoId,
      publishedAt: videos.get(videoId)?.publishedAt ?? null,
    }))
    .sort((a, b) => b.count - a.count || a.title.localeCompare(b.title))
}

const DAY = 86_400_000

/** Buckets by day, month or year, whichever gives a readable number of bars for the span; undated videos are left out. */
export function countOverTime(perVideo: readonly VideoCount[]): {
  unit: 'day' | 'month' | 'year'
  buckets: TimeBucket[]
} {
  const dated = perVideo
    .map((v) => ({ t: v.publishedAt ? Date.parse(v.publishedAt) : NaN, count: v.count }))
    .filter((v) => Number.isFinite(v.t))
  if (dated.length === 0) return { unit: 'month', buckets: [] }
  const min = Math.min(...dated.map((d) => d.t))
  const max = Math.max(...dated.map((d) => d.t))
  const unit = max - min <= 90 * DAY ? 'day' : max - min <= 6 * 365 * DAY ? 'month' : 'year'
  const keyOf = (t: number) => {
    const iso = new Date(t).toISOString()
    return unit === 'day' ? iso.slice(0, 10) : unit === 'month' ? iso.slice(0, 7) : iso.slice(0, 4)
  }
  const buckets = new Map<string, TimeBucket>()
  // Every period between the first and the last, so gaps show as empty bars.
  for (let t = min; keyOf(t) <= keyOf(max); t = nextPeriod(t, unit))
    buckets.set(keyOf(t), { label: keyOf(t), start: t, count: 0 })
  for (const d of dated) buckets.get(keyOf(d.t))!.count += d.count
  return { unit, buckets: [...buckets.values()] }
}

function nextPeriod(t: number, unit: 'day' | 'month' | 'year'): number {
  const d = new Date(t)
  if (unit === 'day') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1)
  if (unit === 'month') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)
  return Date.UTC(d.getUTCFullYear() + 1, 0, 1)
}
