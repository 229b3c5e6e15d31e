/**
 * How long each resource's answer counts as fresh in the browser (docs/decisions/0080). They follow the function's
 * cache lifetimes (server/config/cache-ttl.ts): inside them a refetch would only be a free cache hit; past them it
 * pays for data that may have changed. Feature query factories set `staleTime` from here.
 */
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

export const STALE_TIME_MS = {
  /** A caption track never changes in a session (nor, in practice, later). */
  captionTrack: Infinity,
  captionFiles: 7 * DAY,
  /** The popular list moves within the hour. */
  popular: 15 * MINUTE,
  search: HOUR,
  replies: HOUR,
  channels: DAY,
} as const
