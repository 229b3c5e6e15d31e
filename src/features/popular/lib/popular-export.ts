/** What an export of the popular feed contains: one row per loaded (and filtered) video, every field kept. */
import { priceOf } from '#contract/index.ts'
import type { Column } from '#lib/export/serialise.ts'
import { makeProvenance, type Provenance } from '#lib/export/provenance.ts'
import type { Receipt } from '#lib/paid-fetch.ts'
import type { PopularRow } from './popular-rows.ts'
import { hasActiveFilters, type PopularState } from './popular-search.ts'

const list = (xs: readonly string[] | undefined): string => (xs ?? []).join(' | ')

export const POPULAR_COLUMNS: Column<PopularRow>[] = [
  { header: 'rank', value: (r) => r.rank },
  { header: 'id', value: (r) => r.video.id },
  { header: 'title', value: (r) => r.video.title },
  { header: 'channelId', value: (r) => r.video.channelId },
  { header: 'channelTitle', value: (r) => r.video.channelTitle },
  { header: 'publishedAt', value: (r) => r.video.publishedAt },
  { header: 'duration', value: (r) => r.video.duration },
  { header: 'durationSeconds', value: (r) => r.durationSec },
  { header: 'viewCount', value: (r) => r.video.viewCount },
  { header: 'likeCount', value: (r) => r.video.likeCount },
  { header: 'commentCount', value: (r) => r.video.commentCount },
  { header: 'categoryId', value: (r) => r.video.categoryId },
  { header: 'categoryTitle', value: (r) => r.video.categoryTitle },
  { header: 'tags', value: (r) => list(r.video.tags) },
  { header: 'topicCategories', value: (r) => list(r.video.topicCategories) },
  { header: 'madeForKids', value: (r) => r.video.madeForKids },
  { header: 'hasPaidProductPlacement', value: (r) => r.video.hasPaidProductPlacement },
  { header: 'license', value: (r) => r.video.license },
  { header: 'privacyStatus', value: (r) => r.video.privacyStatus },
  { header: 'uploadStatus', value: (r) => r.video.uploadStatus },
  { header: 'embeddable', value: (r) => r.video.embeddable },
  { header: 'publicStatsViewable', value: (r) => r.video.publicStatsViewable },
  { header: 'description', value: (r) => r.video.description },
  {
    header: 'thumbnailUrl',
    value: (r) =>
      r.video.thumbnails.maxres?.url ?? r.video.thumbnails.high?.url ?? r.video.thumbnails.default?.url,
  },
]

export function popularProvenance(opts: {
  receipts: readonly Receipt[]
  pageTokens: readonly (string | undefined)[]
  rows: readonly PopularRow[]
  state: PopularState
  viewUrl: string
}): Provenance {
  const filtered = hasActiveFilters(opts.state)
  return makeProvenance({
    title: filtered
      ? 'Popular videos (loaded pages, filtered in the dashboard)'
      : 'Popular videos (loaded pages)',
    viewUrl: opts.viewUrl,
    operation: 'GET /popularVideos',
    query: {
      pageTokens: opts.pageTokens.map((t) => t ?? null),
      dashboardFilters: {
        category: opts.state.category ?? null,
        minMinutes: opts.state.minMinutes ?? null,
        maxMinutes: opts.state.maxMinutes ?? null,
        text: opts.state.q || null,
        sort: opts.state.sort,
      },
    },
    pagesFetched: opts.receipts.length,
    itemCount: opts.rows.length,
    pricesUsd: opts.receipts.map(() => priceOf('GET /popularVideos')),
    fetchedAt: opts.receipts[0]?.fetchedAt ?? new Date().toISOString(),
  })
}
