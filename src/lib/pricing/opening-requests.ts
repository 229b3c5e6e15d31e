/**
 * What each paying view requests the moment it opens, as the exact /api URLs its queries ask for, so a link can be
 * priced before it is followed and a route can hold its view until the price is approved. The views' own
 * factories build the same URLs (src/app/opening-requests.test.ts holds them together).
 */
import type { CaptionMode, HlCode } from '#contract/enums.ts'
import type { RegionCode } from '#contract/regions.ts'
import type { PasteTarget } from '#contract/paste.ts'
import { priceOf } from '#contract/prices.ts'
import { apiUrl } from '../api-client.ts'
import { captionFileListUrl, captionTrackUrl } from '../captions/caption-request.ts'
import type { ChannelRef } from '../channel-lookup.ts'

/** A view that pays when it opens, with what it opens on: what its opening price is the price of. */
export type Opening =
  | { kind: 'video'; videoId: string; lang?: string; mode?: CaptionMode }
  | { kind: 'popular'; regionCode?: RegionCode; hl?: HlCode }
  | { kind: 'channel'; ref: ChannelRef; hl?: HlCode }
  | { kind: 'replies'; commentId: string }
  /** Any other view whose route knows its one opening request (the channel comparison). */
  | { kind: 'request'; path: string; listPriceUsd: number }

export type OpeningRequest = { path: string; listPriceUsd: number }

/** The /channels request of one channel (the channels view's `channelQueries.one`). */
function channelRequestUrl(ref: ChannelRef, hl?: HlCode): string {
  const by =
    ref.by === 'id'
      ? { ids: ref.id }
      : ref.by === 'handle'
        ? { forHandle: ref.handle }
        : { forUsername: ref.username }
  return apiUrl('/api/channels', { ...by, hl })
}

/** The first page of a comment's replies (the replies view always asks for html: docs/decisions/0061). */
const firstRepliesPageUrl = (commentId: string): string =>
  apiUrl('/api/commentReplies', { parentCommentId: commentId, format: 'html' })

/** The first page of the feed, for a chosen region and language (the popular view's `popularPageUrl`). */
const firstPopularPageUrl = (feed: { regionCode?: RegionCode; hl?: HlCode } = {}): string =>
  apiUrl('/api/popularVideos', { regionCode: feed.regionCode, hl: feed.hl })

/** Every request `opening`'s view makes when it opens, with its list price. */
export function openingRequests(opening: Opening): OpeningRequest[] {
  switch (opening.kind) {
    case 'video':
      return [
        { path: captionFileListUrl(opening.videoId), listPriceUsd: priceOf('GET /files/captions/{videoId}') },
        {
          path: captionTrackUrl({
            videoId: opening.videoId,
            lang: opening.lang,
            mode: opening.mode ?? 'default',
          }),
          listPriceUsd: priceOf('GET /captions/{videoId}'),
        },
      ]
    case 'popular':
      return [
        {
          path: firstPopularPageUrl({ regionCode: opening.regionCode, hl: opening.hl }),
          listPriceUsd: priceOf('GET /popularVideos'),
        },
      ]
    case 'channel':
      return [{ path: channelRequestUrl(opening.ref, opening.hl), listPriceUsd: priceOf('GET /channels') }]
    case 'replies':
      return [{ path: firstRepliesPageUrl(opening.commentId), listPriceUsd: priceOf('GET /commentReplies') }]
    case 'request':
      return [{ path: opening.path, listPriceUsd: opening.listPriceUsd }]
  }
}

/** The view a pasted link opens, when that view pays on opening (a location opens the search form, which does not). */
export function openingOfPaste(target: PasteTarget): Opening | undefined {
  switch (target.kind) {
    case 'video':
      return { kind: 'video', videoId: target.videoId }
    case 'channel':
      if (target.by === 'id') return { kind: 'channel', ref: { by: 'id', id: target.channelId } }
      if (target.by === 'handle') return { kind: 'channel', ref: { by: 'handle', handle: target.handle } }
      return { kind: 'channel', ref: { by: 'username', username: target.username } }
    case 'comment':
      return { kind: 'replies', commentId: target.parentId }
    case 'location':
      return undefined
  }
}
