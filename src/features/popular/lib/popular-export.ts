/** What an export of the popular feed contains: one row per loaded (and filtered) video, every field kept. */
import { priceOf } from '#contract/index.ts'
import type { ExportRequest } from '#lib/export/export-data.ts'
import { exportDay, fileSlug, queryTag } from '#lib/export/file-slug.ts'
import type { Column } from '#lib/export/serialise.ts'
import { makeProvenance, shownOf, type ProvenanceDraft } from '#lib/export/provenance.ts'
import type { Receipt } from '#lib/paid-fetch.ts'
import type { PopularRow } from './popular-rows.ts'
import { hasActiveFilters, popularSearchParams, type PopularState } from './popular-search.ts'

const list = (xs: readonly string[] | undefined): string => (xs ?? []).join(' | ')

const POPULAR_COLUMNS: Column<PopularRow>[] = [
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

export type PopularExportArgs = {
  receipts: readonly Receipt[]
  pageTokens: readonly (string | undefined)[]
  /** Every loaded row, and the rows the view shows (filtered and sorted): exactly what is exported. */
  loaded: readonly PopularRow[]
  shown: readonly PopularRow[]
  state: PopularState
  viewUrl: string
  now?: Date
}

/** The view's URL state (feed, filters, sort) in the file name, and a tag of it, so two views never share a name. */
export function popularFileName(state: PopularState, now?: Date): string {
  const params = popularSearchParams(state)
  params.delete('auto')
  const parts = [...params].map(([k, v]) => `${k} ${v.slice(0, 40)}`)
  return `${fileSlug('popular-videos', ...parts, exportDay(now))}-${queryTag(params.toString())}`
}

function popularProvenance(a: Omit<PopularExportArgs, 'now'>): ProvenanceDraft {
  const filtered = hasActiveFilters(a.state)
  return makeProvenance({
    title: filtered
      ? 'Popular videos (loaded pages, filtered in the dashboard)'
      : 'Popular videos (loaded pages)',
    viewUrl: a.viewUrl,
    operation: 'GET /popularVideos',
    query: { pageTokens: a.pageTokens.map((t) => t ?? null) },
    view: {
      filter: {
        ...(a.state.category ? { category: a.state.category } : {}),
        ...(a.state.minMinutes !== undefined ? { minMinutes: a.state.minMinutes } : {}),
        ...(a.state.maxMinutes !== undefined ? { maxMinutes: a.state.maxMinutes } : {}),
        ...(a.state.q.trim() ? { text: a.state.q.trim() } : {}),
      },
      sort: a.state.sort,
      shown: shownOf(a.shown.length, a.loaded.length, 'videos'),
    },
    pagesFetched: a.receipts.length,
    itemCount: a.shown.length,
    pricesUsd: a.receipts.map(() => priceOf('GET /popularVideos')),
    fetchedAt: a.receipts[0]?.fetchedAt ?? new Date().toISOString(),
  })
}

/** The function rewrites the service's own links to `/api/…` routes; in a file they need the dashboard's origin to lead anywhere. */
function withAbsoluteApiUrls<T extends object>(video: T, viewUrl: string): T {
  const entries = Object.entries(video).map(([k, v]) => [
    k,
    typeof v === 'string' && v.startsWith('/api/') ? new URL(v, viewUrl).href : v,
  ])
  return Object.fromEntries(entries) as T
}

export function popularExport(a: PopularExportArgs): ExportRequest<PopularRow> {
  return {
    items: a.shown,
    columns: POPULAR_COLUMNS,
    provenance: popularProvenance(a),
    basename: popularFileName(a.state, a.now),
    jsonItems: a.shown.map((r) => ({ rank: r.rank, ...withAbsoluteApiUrls(r.video, a.viewUrl) })),
  }
}
