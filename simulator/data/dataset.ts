/** The simulator's whole dataset: built once on first use, deterministic from the fixed seed. */
import { buildChannels } from './channels.ts'
import { buildCommentAuthors } from './comment-authors.ts'
import { buildCommentThreads, buildReplies } from './comments.ts'
import type { ChannelRecord, CommentThreadRecord, ReplyRecord, VideoRecord } from './model.ts'
import { buildVideos, linkChannelsToVideos } from './videos.ts'

export type Dataset = {
  videos: readonly VideoRecord[]
  /** Most viewed first (ties by id), as /popularVideos lists them. */
  popular: readonly VideoRecord[]
  channels: readonly ChannelRecord[]
  threads: readonly CommentThreadRecord[]
  video(id: string): VideoRecord | undefined
  channel(id: string): ChannelRecord | undefined
  /** Case-insensitive, with or without `@`. */
  channelByHandle(handle: string): ChannelRecord | undefined
  /** Case-insensitive. */
  channelByUsername(username: string): ChannelRecord | undefined
  thread(id: string): CommentThreadRecord | undefined
  /** Replies oldest first; generated on first request for the thread, then kept. */
  replies(threadId: string): readonly ReplyRecord[] | undefined
}

/** A fresh build; use getDataset() unless the point is to build twice (the determinism test). */
export function buildDataset(): Dataset {
  const channels = buildChannels()
  const videos = buildVideos(channels)
  linkChannelsToVideos(channels, videos)
  const authors = buildCommentAuthors()
  const threads = buildCommentThreads(videos, authors)
  const videoById = new Map(videos.map((v) => [v.id, v]))
  const channelById = new Map(channels.map((c) => [c.id, c]))
  const byHandle = new Map(channels.map((c) => [c.customUrl.slice(1).toLowerCase(), c]))
  const byUsername = new Map(channels.map((c) => [c.username.toLowerCase(), c]))
  const threadById = new Map(threads.map((t) => [t.id, t]))
  const replyCache = new Map<string, ReplyRecord[]>()
  return {
    videos,
    popular: [...videos].sort((a, b) => b.viewCount - a.viewCount || (a.id < b.id ? -1 : 1)),
    channels,
    threads,
    video: (id) => videoById.get(id),
    channel: (id) => channelById.get(id),
    channelByHandle: (handle) => byHandle.get(handle.trim().replace(/^@/, '').toLowerCase()),
    channelByUsername: (username) => byUsername.get(username.trim().toLowerCase()),
    thread: (id) => threadById.get(id),
    replies(threadId) {
      const t = threadById.get(threadId)
      if (!t) return undefined
      let replies = replyCache.get(threadId)
      if (!replies) {
        replies = buildReplies(t, videoById.get(t.videoId)!, authors)
        replyCache.set(threadId, replies)
      }
      return replies
    },
  }
}

let memo: Dataset | undefined

export function getDataset(): Dataset {
  memo ??= buildDataset()
  return memo
}
