import { queryOptions } from '@tanstack/react-query'
import { ChannelPage, type HlCode } from '#contract/index.ts'
import type { ChannelsRequest } from '#contract/requests.ts'
import { apiUrl, type QueryParams } from '#lib/api-client.ts'
import { paidJsonWithReceipt } from '#lib/paid-fetch.ts'
import { STALE_TIME_MS } from '#lib/stale-times.ts'
import type { ChannelRef } from '#lib/channel-lookup.ts'

export const CHANNELS_PATH = '/api/channels'

/** Only what the comparison table shows: keeps a 50-channel answer small (spec 4.5 `fields`). */
export const COMPARE_FIELDS = [
  'id',
  'title',
  'customUrl',
  'country',
  'publishedAt',
  'thumbnails',
  'subscriberCount',
  'hiddenSubscriberCount',
  'viewCount',
  'videoCount',
  'madeForKids',
  'privacyStatus',
  'topicCategories',
] as const

export function refParams(ref: ChannelRef): QueryParams {
  if (ref.by === 'id') return { ids: ref.id } satisfies ChannelsRequest
  if (ref.by === 'handle') return { forHandle: ref.handle } satisfies ChannelsRequest
  return { forUsername: ref.username } satisfies ChannelsRequest
}

export const compareParams = (ids: readonly string[], hl?: HlCode): QueryParams =>
  ({
    ids: ids.join(','),
    hl,
    fields: COMPARE_FIELDS.join(','),
  }) satisfies ChannelsRequest

export const channelQueries = {
  all: () => ['channels'] as const,
  one: (ref: ChannelRef, hl?: HlCode) =>
    queryOptions({
      queryKey: [...channelQueries.all(), 'one', ref, { hl }],
      queryFn: ({ signal }) =>
        paidJsonWithReceipt(apiUrl(CHANNELS_PATH, { ...refParams(ref), hl }), ChannelPage, { signal }),
      // As long as the function caches channels: within it a refetch would only be a free cache hit.
      staleTime: STALE_TIME_MS.channels,
    }),
  compare: (ids: readonly string[], hl?: HlCode) =>
    queryOptions({
      queryKey: [...channelQueries.all(), 'compare', [...ids], { hl }],
      queryFn: ({ signal }) =>
        paidJsonWithReceipt(apiUrl(CHANNELS_PATH, compareParams(ids, hl)), ChannelPage, { signal }),
      staleTime: Infinity,
    }),
}

export const channelApiUrl = (ref: ChannelRef, hl?: HlCode): string =>
  apiUrl(CHANNELS_PATH, { ...refParams(ref), hl })
