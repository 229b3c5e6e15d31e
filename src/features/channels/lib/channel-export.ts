/** Channel and comparison exports: every field flattened for CSV, the raw channels in JSON, provenance on both. */
import { priceOf, type Channel } from '#contract/index.ts'
import type { QueryParams } from '#lib/api-client.ts'
import type { Column } from '#lib/export/serialise.ts'
import { exportDay, fileSlug, queryTag } from '#lib/export/file-slug.ts'
import { makeProvenance, type ProvenanceDraft } from '#lib/export/provenance.ts'
import type { Receipt } from '#lib/paid-fetch.ts'
import { parseKeywords } from '#lib/keywords.ts'

const list = (xs: readonly string[] | undefined): string => (xs ?? []).join(' | ')

export const CHANNEL_COLUMNS: Column<Channel>[] = [
  { header: 'id', value: (c) => c.id },
  { header: 'title', value: (c) => c.title },
  { header: 'customUrl', value: (c) => c.customUrl },
  { header: 'country', value: (c) => c.country },
  { header: 'publishedAt', value: (c) => c.publishedAt },
  { header: 'subscriberCount', value: (c) => c.subscriberCount },
  { header: 'hiddenSubscriberCount', value: (c) => c.hiddenSubscriberCount },
  { header: 'viewCount', value: (c) => c.viewCount },
  { header: 'videoCount', value: (c) => c.videoCount },
  { header: 'description', value: (c) => c.description },
  { header: 'keywords', value: (c) => list(parseKeywords(c.keywords)) },
  { header: 'topicIds', value: (c) => list(c.topicIds) },
  { header: 'topicCategories', value: (c) => list(c.topicCategories) },
  { header: 'unsubscribedTrailer', value: (c) => c.unsubscribedTrailer },
  { header: 'uploadsPlaylist', value: (c) => c.relatedPlaylists?.uploads },
  { header: 'likesPlaylist', value: (c) => c.relatedPlaylists?.likes },
  { header: 'privacyStatus', value: (c) => c.privacyStatus },
  { header: 'isLinked', value: (c) => c.isLinked },
  { header: 'longUploadsStatus', value: (c) => c.longUploadsStatus },
  { header: 'madeForKids', value: (c) => c.madeForKids },
  {
    header: 'thumbnailUrl',
    value: (c) => c.thumbnailUrl ?? c.thumbnails?.high?.url ?? c.thumbnails?.default?.url,
  },
  { header: 'bannerExternalUrl', value: (c) => c.bannerExternalUrl },
]

/** Only the columns whose field was asked for (the comparison's `fields`). */
export function columnsFor(fields: readonly string[]): Column<Channel>[] {
  const wanted = new Set(fields)
  return CHANNEL_COLUMNS.filter(
    (c) => wanted.has(c.header) || (c.header === 'thumbnailUrl' && wanted.has('thumbnails')),
  )
}

export function channelProvenance(opts: {
  title: string
  query: QueryParams
  receipt: Receipt
  itemCount: number
  viewUrl: string
}): ProvenanceDraft {
  const query = sentQuery(opts.query)
  return makeProvenance({
    title: opts.title,
    viewUrl: opts.viewUrl,
    operation: 'GET /channels',
    query,
    pagesFetched: 1,
    itemCount: opts.itemCount,
    pricesUsd: [priceOf('GET /channels')],
    fetchedAt: opts.receipt.fetchedAt,
  })
}

/** The parameters actually sent (empty ones are not). */
const sentQuery = (q: QueryParams) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== ''))

/** `channel-<handle or id>-<hl>-<date>-<tag>` or `channels-comparison-3-<hl>-<date>-<tag>`: the tag is of the whole query sent. */
export function channelFileName(
  kind: 'channel' | 'channels-comparison',
  label: string,
  query: QueryParams,
  now?: Date,
): string {
  const q = sentQuery(query)
  return `${fileSlug(kind, label, typeof q.hl === 'string' ? q.hl : '', exportDay(now))}-${queryTag(q)}`
}
