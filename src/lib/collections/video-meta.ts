/** A list view's video as a collection keeps it: the metadata the list had (titles decoded as the list shows them). */
import type { VideoMeta } from '#contract/collections.ts'
import { decodeHtmlEntities } from '../html-entities.ts'

type Listed = {
  videoId: string
  title?: string | null
  channelId?: string | null
  channelTitle?: string | null
  publishedAt?: string | null
}

export function videoMetaOf(v: Listed): VideoMeta {
  return {
    videoId: v.videoId,
    title: v.title ? decodeHtmlEntities(v.title) : null,
    channelId: v.channelId ?? null,
    channelTitle: v.channelTitle ? decodeHtmlEntities(v.channelTitle) : null,
    publishedAt: v.publishedAt ?? null,
  }
}
