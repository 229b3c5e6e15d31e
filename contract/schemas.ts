/** Zod schemas of the service's responses (spec 2.1–2.7). Extra fields pass through: the spec says more exist. */
import { z } from 'zod'

const numericText = z.string().regex(/^\d+$/, 'expected numeric text')
const isoTimestamp = z.string().min(1)

const Thumbnail = z.looseObject({
  url: z.string(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
})
export const Thumbnails = z.record(z.string(), Thumbnail)
export type Thumbnails = z.infer<typeof Thumbnails>

export const SearchItem = z.looseObject({
  kind: z.string(),
  videoId: z.string(),
  publishedAt: isoTimestamp,
  channelId: z.string(),
  title: z.string(),
  description: z.string(),
  thumbnails: Thumbnails,
  channelTitle: z.string(),
})
export type SearchItem = z.infer<typeof SearchItem>

export const SearchPage = z.looseObject({
  regionCode: z.string(),
  totalResults: z.number().int(),
  resultsPerPage: z.number().int(),
  nextPageToken: z.string().optional(),
  data: z.array(SearchItem),
})
export type SearchPage = z.infer<typeof SearchPage>

export const PopularVideo = z.looseObject({
  id: z.string(),
  publishedAt: isoTimestamp,
  channelId: z.string(),
  title: z.string(),
  description: z.string(),
  thumbnails: Thumbnails,
  channelTitle: z.string(),
  tags: z.array(z.string()).optional(),
  categoryId: z.string().optional(),
  categoryTitle: z.string().optional(),
  viewCount: numericText.optional(),
  likeCount: numericText.optional(),
  commentCount: numericText.optional(),
  topicCategories: z.array(z.string()).optional(),
  uploadStatus: z.string().optional(),
  privacyStatus: z.string().optional(),
  license: z.string().optional(),
  embeddable: z.boolean().optional(),
  publicStatsViewable: z.boolean().optional(),
  madeForKids: z.boolean().optional(),
  hasPaidProductPlacement: z.boolean().optional(),
  duration: z.string().optional(),
  parsedDuration: z.number().optional(),
  captionsUrl: z.string().optional(),
  videoFileUrl: z.string().optional(),
  audioFileUrl: z.string().optional(),
})
export type PopularVideo = z.infer<typeof PopularVideo>

export const PopularPage = z.looseObject({
  /** The region the chart is for, when one was asked (the simulator names it; the real service's shape is not shown). */
  regionCode: z.string().optional(),
  totalResults: z.number().int(),
  resultsPerPage: z.number().int(),
  nextPageToken: z.string().optional(),
  data: z.array(PopularVideo),
})
export type PopularPage = z.infer<typeof PopularPage>

export const CaptionItem = z.looseObject({
  text: z.string(),
  offset: z.number(),
  duration: z.number(),
  lang: z.string(),
  wordCount: z.number().int(),
  speechRate: z.number(),
})
export type CaptionItem = z.infer<typeof CaptionItem>
export const CaptionItems = z.array(CaptionItem)

export const CaptionFileEntry = z.looseObject({
  languageCode: z.string(),
  languageName: z.string(),
  format: z.string(),
  url: z.string().optional(),
  staticUrl: z.string().optional(),
})
export type CaptionFileEntry = z.infer<typeof CaptionFileEntry>
export const CaptionFileList = z.array(CaptionFileEntry)

export const CommentReply = z.looseObject({
  id: z.string(),
  channelId: z.string().optional(),
  textDisplay: z.string(),
  textOriginal: z.string(),
  parentId: z.string(),
  authorDisplayName: z.string(),
  authorProfileImageUrl: z.string().optional(),
  authorChannelUrl: z.string().optional(),
  authorChannelId: z.looseObject({ value: z.string() }).optional(),
  canRate: z.boolean().optional(),
  viewerRating: z.string().optional(),
  likeCount: z.number().int(),
  publishedAt: isoTimestamp,
  updatedAt: isoTimestamp,
})
export type CommentReply = z.infer<typeof CommentReply>

export const CommentRepliesPage = z.looseObject({
  data: z.array(CommentReply),
  nextPageToken: z.string().optional(),
})
export type CommentRepliesPage = z.infer<typeof CommentRepliesPage>

/** Every channel field is optional on the wire: `fields=` trims responses to what was asked for. */
export const Channel = z.looseObject({
  id: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  keywords: z.string().optional(),
  unsubscribedTrailer: z.string().optional(),
  country: z.string().optional(),
  customUrl: z.string().optional(),
  publishedAt: isoTimestamp.optional(),
  thumbnails: Thumbnails.optional(),
  viewCount: numericText.optional(),
  subscriberCount: numericText.optional(),
  hiddenSubscriberCount: z.boolean().optional(),
  videoCount: numericText.optional(),
  topicIds: z.array(z.string()).optional(),
  topicCategories: z.array(z.string()).optional(),
  relatedPlaylists: z
    .looseObject({ likes: z.string().optional(), uploads: z.string().optional() })
    .optional(),
  privacyStatus: z.string().optional(),
  isLinked: z.boolean().optional(),
  longUploadsStatus: z.string().optional(),
  madeForKids: z.boolean().optional(),
  bannerExternalUrl: z.string().optional(),
  thumbnailUrl: z.string().optional(),
})
export type Channel = z.infer<typeof Channel>

export const ChannelPage = z.looseObject({ totalResults: z.number(), data: z.array(Channel) })
export type ChannelPage = z.infer<typeof ChannelPage>

/** The function's error body (ARCHITECTURE.md). */
export const ApiErrorBody = z.object({
  error: z.looseObject({
    code: z.string(),
    message: z.string(),
    param: z.string().optional(),
    retryAfterSeconds: z.number().optional(),
  }),
})
export type ApiErrorBody = z.infer<typeof ApiErrorBody>

/** Where the function's data comes from (/api/health): exports cite it; the only place the service's base URL reaches the browser. */
export const HealthDataSource = z.object({
  kind: z.enum(['demo', 'live']),
  name: z.string(),
  url: z.string().nullable(),
})
export type HealthDataSource = z.infer<typeof HealthDataSource>

/** Whether the function may pay: degraded when its money tables were found damaged (every paid call answers 503). */
const HealthStorage = z.looseObject({
  status: z.enum(['ok', 'unchecked', 'degraded']),
  table: z.string().optional(),
  reason: z.string().optional(),
  remedy: z.string().optional(),
})

export const Health = z.looseObject({
  // Optional: an older function did not send them.
  status: z.enum(['ok', 'degraded']).optional(),
  storage: HealthStorage.optional(),
  mode: z.enum(['demo', 'live']),
  version: z.string(),
  // Optional: an older function did not send it; exports then say the source is unconfirmed.
  dataSource: HealthDataSource.optional(),
})
export type Health = z.infer<typeof Health>
