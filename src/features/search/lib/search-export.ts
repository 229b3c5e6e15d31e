/** What an export of search results holds: the videos the view shows, in its order, and where they came from. */
import { priceOf, type SearchItem } from '#contract/index.ts'
import type { ExportRequest } from '#lib/export/export-data.ts'
import { makeProvenance, shownOf } from '#lib/export/provenance.ts'
import { exportDay, fileSlug, queryTag } from '#lib/export/file-slug.ts'
import type { Column } from '#lib/export/serialise.ts'
import { bestThumbnail } from '#lib/thumbnail-choice.ts'
import type { SearchRequest } from '../api/queries.ts'
import type { SearchInput, SortKey } from './search-url.ts'

/** `rank` is the service's order; the file's row order is the view's. */
export type SearchExportRow = SearchItem & { rank: number }

const SEARCH_COLUMNS: readonly Column<SearchExportRow>[] = [
  { header: 'rank', value: (r) => r.rank },
  { header: 'videoId', value: (r) => r.videoId },
  { header: 'title', value: (r) => r.title },
  { header: 'channelId', value: (r) => r.channelId },
  { header: 'channelTitle', value: (r) => r.channelTitle },
  { header: 'publishedAt', value: (r) => r.publishedAt },
  { header: 'description', value: (r) => r.description },
  { header: 'thumbnailUrl', value: (r) => bestThumbnail(r.thumbnails, 480, 1)?.url },
  { header: 'videoUrl', value: (r) => `https://www.youtube.com/watch?v=${r.videoId}` },
]

export type SearchExportArgs = {
  /** Every loaded video, in the service's order. */
  loaded: readonly SearchItem[]
  /** The videos the view shows (filtered and sorted): exactly what is exported. */
  shown: readonly SearchItem[]
  q: string
  sort: SortKey
  pagesFetched: number
  regionCode: string | undefined
  input: SearchInput
  request: SearchRequest
  /** Absolute dashboard URL reproducing the search and its view. */
  viewUrl: string
  fetchedAt: Date
  now?: Date
}

/** `search-fr-48.8566-2.3522-r10km-filter-cafe-sort-date-2026-01-05-1a2b3c`: the whole query, safe on every OS. */
export function searchFileName(
  a: Pick<SearchExportArgs, 'input' | 'q' | 'sort' | 'regionCode' | 'now'>,
): string {
  const { lat, lng, radius, unit } = a.input
  const q = a.q.trim()
  const readable = fileSlug(
    'search',
    a.regionCode ?? '',
    String(lat),
    String(lng),
    `r${radius}${unit}`,
    q ? `filter ${q.slice(0, 40)}` : '',
    a.sort !== 'relevance' ? `sort ${a.sort}` : '',
    exportDay(a.now),
  )
  return `${readable}-${queryTag([lat, lng, radius, unit, q, a.sort])}`
}

export function searchExport(a: SearchExportArgs): ExportRequest<SearchExportRow> {
  const rankOf = new Map(a.loaded.map((item, i) => [item.videoId, i + 1]))
  const q = a.q.trim()
  return {
    items: a.shown.map((item) => ({ ...item, rank: rankOf.get(item.videoId) ?? 0 })),
    jsonItems: a.shown,
    columns: SEARCH_COLUMNS,
    provenance: makeProvenance({
      title: `Videos within ${a.input.radius} ${a.input.unit} of ${a.input.lat}, ${a.input.lng}`,
      viewUrl: a.viewUrl,
      operation: 'GET /search',
      query: { ...a.request },
      view: {
        filter: q ? { text: q } : {},
        sort: a.sort,
        shown: shownOf(a.shown.length, a.loaded.length, 'videos'),
      },
      pagesFetched: a.pagesFetched,
      itemCount: a.shown.length,
      pricesUsd: Array.from({ length: a.pagesFetched }, () => priceOf('GET /search')),
      fetchedAt: a.fetchedAt.toISOString(),
    }),
    basename: searchFileName(a),
  }
}
