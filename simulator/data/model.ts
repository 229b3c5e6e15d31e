/** The simulator's records: what it knows, before any response shape is written. */
import type { LanguageCode } from '#contract/index.ts'
import type { Place } from './places.ts'
import type { LocalizedHl, Theme } from './themes.ts'

export type ThumbnailSet = Record<string, { url: string; width: number; height: number }>

export type ChannelRecord = {
  id: string
  title: string
  description: string
  keywords: string
  /** Filled once the channel's videos exist. */
  unsubscribedTrailer: string
  country: string
  /** Handle with `@`, as the platform writes it. */
  customUrl: string
  /** Legacy username, for `forUsername`. */
  username: string
  publishedAt: string
  thumbnails: ThumbnailSet
  viewCount: number
  subscriberCount: number
  hiddenSubscriberCount: boolean
  videoCount: number
  topicIds: string[]
  topicCategories: string[]
  relatedPlaylists: { likes: string; uploads: string }
  privacyStatus: string
  isLinked: boolean
  longUploadsStatus: string
  madeForKids: boolean
  bannerExternalUrl: string
  thumbnailUrl: string
  localizations: Partial<Record<LocalizedHl, { title: string; description: string }>>
  home: Place
  /** Travelling channels film anywhere; local ones mostly at home. */
  roams: boolean
  theme: Theme
}

export type CaptionTrackRecord = { lang: LanguageCode; source: 'manual' | 'asr' }

export type VideoRecord = {
  id: string
  channelId: string
  channelTitle: string
  title: string
  description: string
  publishedAt: string
  /** Where it was recorded (the place plus a few km of jitter). */
  lat: number
  lng: number
  place: Place
  tags: string[]
  categoryId: string
  categoryTitle: string
  topicCategories: string[]
  viewCount: number
  likeCount: number
  commentCount: number
  uploadStatus: string
  privacyStatus: string
  license: string
  embeddable: boolean
  publicStatsViewable: boolean
  madeForKids: boolean
  hasPaidProductPlacement: boolean
  durationSec: number
  /** First track = the video's default caption language; empty = no captions. */
  captionTracks: CaptionTrackRecord[]
}

export type CommentAuthor = {
  displayName: string
  handle: string
  channelId: string
  profileImageUrl: string
  /** Newer accounts show their handle (`@name`) as display name. */
  showsHandle: boolean
}

export type CommentThreadRecord = {
  id: string
  videoId: string
  /** Writes the thread's self-replies. */
  author: CommentAuthor
  publishedAt: string
  replyCount: number
  /** Which reply generator writes this thread's replies. */
  flavour: 'anchor' | 'generic' | 'hostile' | 'japanese'
}

export type ReplyRecord = {
  id: string
  parentId: string
  /** Channel of the video the thread belongs to, as the platform reports it. */
  channelId: string
  author: CommentAuthor
  textOriginal: string
  /** The html `textDisplay`. */
  textHtml: string
  likeCount: number
  publishedAt: string
  updatedAt: string
}
