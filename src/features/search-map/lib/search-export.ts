/** What an export of loaded search results holds: one row per video, and where the rows came from. */
import { priceOf, type SearchItem } from '#contract/index.ts'
import type { ExportRequest } from '#lib/export/export-data.ts'
import { makeProvenance } from '#lib/export/provenance.ts'
import { fileSlug } from '#lib/export/file-slug.ts'
import type { Column } from '#lib/export/serialise.ts'
import { bestThumbnail } from '#lib/thumbnail-choice.ts'
import type { SearchRequest } from '../api/queries.ts'
import type { SearchInput } from './search-url.ts'

export const SEARCH_COLUMNS: readonly Column<SearchItem & { rank: number }>[] = [
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
  items: readonly SearchItem[]
  pagesFetched: number
  regionCode: string | undefined
  input: SearchInput
  request: SearchRequest
  /** Absolute dashboard URL reproducing the search. */
  viewUrl: string
  fetchedAt: Date
  now?: Date
}

export function searchExport(a: SearchExportArgs): ExportRequest<SearchItem & { rank: number }> {
  const now = a.now ?? new Date()
  const place = `${a.input.lat}, ${a.input.lng}`
  return {
    items: a.items.map((item, i) => ({ ...item, rank: i + 1 })),
    jsonItems: a.items,
    columns: SEARCH_COLUMNS,
    provenance: makeProvenance({
      title: `Videos within ${a.input.radius} ${a.input.unit} of ${place}`,
      viewUrl: a.viewUrl,
      operation: 'GET /search',
      query: { ...a.request },
      pagesFetched: a.pagesFetched,
      itemCount: a.items.length,
      pricesUsd: Array.from({ length: a.pagesFetched }, () => priceOf('GET /search')),
      fetchedAt: a.fetchedAt.toISOString(),
    }),
    basename: fileSlug(
      'search',
      ...(a.regionCode ? [a.regionCode] : []),
      String(a.input.lat),
      String(a.input.lng),
      now.toISOString().slice(0, 10),
    ),
  }
}
