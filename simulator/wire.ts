/** Records → the service's wire shapes (spec 2.1–2.7): counts as numeric text, field order as the platform writes it. */
import type { CommentFormat, HlCode } from '#contract/index.ts'
import { authorChannelUrl } from './data/comment-authors.ts'
import type { ChannelRecord, ReplyRecord, ThumbnailSet, VideoRecord } from './data/model.ts'
import { LOCALIZED_HL, type LocalizedHl } from './data/themes.ts'
import { isoDuration } from './data/text.ts'
import type { CaptionSubject } from './types.ts'

const VIDEO_THUMBNAILS = [
  ['default', 'default.jpg', 120, 90],
  ['medium', 'mqdefault.jpg', 320, 180],
  ['high', 'hqdefault.jpg', 480, 360],
  ['standard', 'sddefault.jpg', 640, 480],
  ['maxres', 'maxresdefault.jpg', 1280, 720],
] as const

/** Search results carry the three small sizes (as the platform's search does); popular videos all five. */
function videoThumbnails(videoId: string, sizes: 3 | 5): ThumbnailSet {
  return Object.fromEntries(
    VIDEO_THUMBNAILS.slice(0, sizes).map(([key, file, width, height]) => [
      key,
      { url: `https://i.ytimg.com/vi/${videoId}/${file}`, width, height },
    ]),
  )
}

/** Search descriptions are a snippet: one line, cut near 160 characters. */
function snippet(description: string): string {
  const flat = description.replace(/\s+/g, ' ').trim()
  return flat.length <= 160 ? flat : `${flat.slice(0, 157).trimEnd()}...`
}

export function searchItem(v: VideoRecord) {
  return {
    kind: 'youtube#video',
    videoId: v.id,
    publishedAt: v.publishedAt,
    channelId: v.channelId,
    title: v.title,
    description: snippet(v.description),
    thumbnails: videoThumbnails(v.id, 3),
    channelTitle: v.channelTitle,
  }
}

export function popularVideo(v: VideoRecord, baseUrl: string) {
  return {
    id: v.id,
    publishedAt: v.publishedAt,
    channelId: v.channelId,
    title: v.title,
    description: v.description,
    thumbnails: videoThumbnails(v.id, 5),
    channelTitle: v.channelTitle,
    tags: v.tags,
    categoryId: v.categoryId,
    categoryTitle: v.categoryTitle,
    viewCount: String(v.viewCount),
    likeCount: String(v.likeCount),
    commentCount: String(v.commentCount),
    topicCategories: v.topicCategories,
    uploadStatus: v.uploadStatus,
    privacyStatus: v.privacyStatus,
    license: v.license,
    embeddable: v.embeddable,
    publicStatsViewable: v.publicStatsViewable,
    madeForKids: v.madeForKids,
    hasPaidProductPlacement: v.hasPaidProductPlacement,
    duration: isoDuration(v.durationSec),
    parsedDuration: v.durationSec,
    captionsUrl: `${baseUrl}/captions/${v.id}`,
    videoFileUrl: `${baseUrl}/files/video/${v.id}`,
    audioFileUrl: `${baseUrl}/files/audio/${v.id}`,
  }
}

export function captionSubject(v: VideoRecord): CaptionSubject {
  return { videoId: v.id, title: v.title, durationSec: v.durationSec, tracks: v.captionTracks }
}

/** The platform shows subscriber counts rounded to three significant digits. */
function roundedSubscribers(n: number): string {
  if (n < 1000) return String(n)
  const unit = 10 ** (Math.floor(Math.log10(n)) - 2)
  return String(Math.floor(n / unit) * unit)
}

/** `es-419` falls back to `es`, `fr-CA` to `fr`; languages without a translation get the default text. */
function localizationFor(ch: ChannelRecord, hl: HlCode | undefined) {
  if (!hl) return undefined
  const base = hl.split('-')[0] as LocalizedHl
  return LOCALIZED_HL.includes(base) ? ch.localizations[base] : undefined
}

export function channelResource(ch: ChannelRecord, hl?: HlCode) {
  const local = localizationFor(ch, hl)
  return {
    id: ch.id,
    title: local?.title ?? ch.title,
    description: local?.description ?? ch.description,
    keywords: ch.keywords,
    unsubscribedTrailer: ch.unsubscribedTrailer,
    country: ch.country,
    customUrl: ch.customUrl,
    publishedAt: ch.publishedAt,
    thumbnails: ch.thumbnails,
    viewCount: String(ch.viewCount),
    subscriberCount: roundedSubscribers(ch.subscriberCount),
    hiddenSubscriberCount: ch.hiddenSubscriberCount,
    videoCount: String(ch.videoCount),
    topicIds: ch.topicIds,
    topicCategories: ch.topicCategories,
    relatedPlaylists: ch.relatedPlaylists,
    privacyStatus: ch.privacyStatus,
    isLinked: ch.isLinked,
    longUploadsStatus: ch.longUploadsStatus,
    madeForKids: ch.madeForKids,
    bannerExternalUrl: ch.bannerExternalUrl,
    thumbnailUrl: ch.thumbnailUrl,
  }
}

export type ChannelField = keyof ReturnType<typeof channelResource>

export const CHANNEL_FIELDS: readonly ChannelField[] = [
  'id',
  'title',
  'description',
  'keywords',
  'unsubscribedTrailer',
  'country',
  'customUrl',
  'publishedAt',
  'thumbnails',
  'viewCount',
  'subscriberCount',
  'hiddenSubscriberCount',
  'videoCount',
  'topicIds',
  'topicCategories',
  'relatedPlaylists',
  'privacyStatus',
  'isLinked',
  'longUploadsStatus',
  'madeForKids',
  'bannerExternalUrl',
  'thumbnailUrl',
]

/** `format=plainText` gives the original text as textDisplay too. */
export function commentReply(r: ReplyRecord, format: CommentFormat) {
  return {
    id: r.id,
    channelId: r.channelId,
    textDisplay: format === 'plainText' ? r.textOriginal : r.textHtml,
    textOriginal: r.textOriginal,
    parentId: r.parentId,
    authorDisplayName: r.author.displayName,
    authorProfileImageUrl: r.author.profileImageUrl,
    authorChannelUrl: authorChannelUrl(r.author),
    authorChannelId: { value: r.author.channelId },
    canRate: true,
    viewerRating: 'none',
    likeCount: r.likeCount,
    publishedAt: r.publishedAt,
    updatedAt: r.updatedAt,
  }
}
