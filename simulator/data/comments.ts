/** Top-level comment threads and their replies (replies are generated per thread on first request). */
import { createRandom, hashSeed, SIMULATOR_EPOCH_MS, type Random } from '../random.ts'
import {
  ANCHOR_COMMENT_ID,
  ANCHOR_COMMENT_REPLY_COUNT,
  ANCHOR_VIDEO_ID,
  BIG_COMMENT_ID,
  BIG_COMMENT_REPLY_COUNT,
  CJK_VIDEO_ID,
  EMPTY_COMMENT_ID,
  HOSTILE_COMMENT_ID,
  HOSTILE_VIDEO_ID,
  JAPANESE_COMMENT_ID,
  NO_CAPTIONS_VIDEO_ID,
  ONE_REPLY_COMMENT_ID,
  PAGE_PLUS_ONE_COMMENT_ID,
  PAGE_REPLY_COMMENT_ID,
} from './anchors.ts'
import { mentionOf } from './comment-authors.ts'
import { commentHtml } from './comment-html.ts'
import { newCommentId, newReplySuffix, uniqueId } from './ids.ts'
import type { CommentAuthor, CommentThreadRecord, ReplyRecord, VideoRecord } from './model.ts'
import {
  ANCHOR_REPLIES,
  GENERIC_REPLIES,
  HOSTILE_REPLIES,
  JAPANESE_REPLIES,
  SELF_REPLIES,
} from './reply-texts.ts'
import { clock, DAY_MS, fill, isoSeconds, logUniform } from './text.ts'

export function buildCommentThreads(videos: VideoRecord[], authors: CommentAuthor[]): CommentThreadRecord[] {
  const r = createRandom(hashSeed('comment-threads'))
  const byId = new Map(videos.map((v) => [v.id, v]))
  const popular = [...videos]
    .sort((a, b) => b.viewCount - a.viewCount)
    .filter((v) => v.id !== ANCHOR_VIDEO_ID)
  const taken = new Set<string>()
  const thread = (
    id: string,
    video: VideoRecord,
    replyCount: number,
    flavour: CommentThreadRecord['flavour'],
  ): CommentThreadRecord => {
    taken.add(id)
    const start = Math.max(Date.parse(video.publishedAt), SIMULATOR_EPOCH_MS - 5 * 365 * DAY_MS)
    return {
      id,
      videoId: video.id,
      author: r.pick(authors),
      publishedAt: isoSeconds(start + r.next() * (SIMULATOR_EPOCH_MS - start) * 0.3),
      replyCount,
      flavour,
    }
  }
  const v = (id: string) => byId.get(id)!
  const threads: CommentThreadRecord[] = [
    thread(ANCHOR_COMMENT_ID, v(ANCHOR_VIDEO_ID), ANCHOR_COMMENT_REPLY_COUNT, 'anchor'),
    thread(HOSTILE_COMMENT_ID, v(HOSTILE_VIDEO_ID), HOSTILE_REPLIES.length, 'hostile'),
    thread(BIG_COMMENT_ID, popular[0]!, BIG_COMMENT_REPLY_COUNT, 'generic'),
    thread(EMPTY_COMMENT_ID, v(NO_CAPTIONS_VIDEO_ID), 0, 'generic'),
    thread(ONE_REPLY_COMMENT_ID, popular[1]!, 1, 'generic'),
    thread(PAGE_REPLY_COMMENT_ID, popular[2]!, 100, 'generic'),
    thread(PAGE_PLUS_ONE_COMMENT_ID, popular[3]!, 101, 'generic'),
    thread(JAPANESE_COMMENT_ID, v(CJK_VIDEO_ID), 37, 'japanese'),
  ]
  threads.push(
    thread(
      uniqueId(taken, () => newCommentId(r)),
      v(ANCHOR_VIDEO_ID),
      7,
      'anchor',
    ),
  )
  for (const video of popular.slice(4, 34))
    threads.push(
      thread(
        uniqueId(taken, () => newCommentId(r)),
        video,
        r.chance(0.2) ? 0 : r.int(1, 60),
        'generic',
      ),
    )
  return threads
}

function templatesFor(flavour: CommentThreadRecord['flavour'], r: Random): string[] {
  if (flavour === 'anchor') return r.chance(0.5) ? ANCHOR_REPLIES : GENERIC_REPLIES
  if (flavour === 'japanese') return r.chance(0.8) ? JAPANESE_REPLIES : GENERIC_REPLIES
  return GENERIC_REPLIES
}

/** The replies of one thread, oldest first, so a mention always names someone who replied earlier. */
export function buildReplies(
  t: CommentThreadRecord,
  video: VideoRecord,
  authors: CommentAuthor[],
): ReplyRecord[] {
  const r = createRandom(hashSeed('replies', t.id))
  const count = t.flavour === 'hostile' ? HOSTILE_REPLIES.length : t.replyCount
  const cast = authors.filter((a) => a !== t.author)
  const participants = Array.from({ length: Math.max(3, Math.min(count, 40)) }, () => r.pick(cast))
  const start = Date.parse(t.publishedAt)
  const span = SIMULATOR_EPOCH_MS - start
  const earlier: CommentAuthor[] = []
  const taken = new Set<string>()
  const replies: ReplyRecord[] = []
  for (let i = 0; i < count; i++) {
    const selfReply = i > 0 && r.chance(0.06)
    const author = selfReply ? t.author : r.pick(participants)
    const others = earlier.filter((a) => a !== author)
    const template = r.pick(selfReply ? SELF_REPLIES : templatesFor(t.flavour, r))
    const mentioned = others.length > 0 ? r.pick(others) : undefined
    const vars = {
      mention: mentioned ? mentionOf(mentioned, r.chance(0.4)) : '',
      ts: clock(r.int(0, Math.max(1, video.durationSec - 1))),
      ts2: clock(r.int(0, Math.max(1, video.durationSec - 1))),
      n: r.int(2, 40),
    }
    const hostile = t.flavour === 'hostile' ? HOSTILE_REPLIES[i]! : undefined
    const textOriginal = hostile ? hostile.textOriginal : fill(template, vars).trim()
    const published = start + Math.floor((span * 0.9 * (i + r.next())) / Math.max(1, count))
    const edited = r.chance(0.1)
    replies.push({
      id: `${t.id}.${uniqueId(taken, () => newReplySuffix(r))}`,
      parentId: t.id,
      channelId: video.channelId,
      author,
      textOriginal,
      textHtml: hostile?.textHtml ?? commentHtml(textOriginal, video.id),
      likeCount: r.chance(0.55) ? 0 : logUniform(r, 1, 5000),
      publishedAt: isoSeconds(published),
      updatedAt: isoSeconds(
        edited ? Math.min(SIMULATOR_EPOCH_MS, published + r.int(60, 3 * 86400) * 1000) : published,
      ),
    })
    if (!earlier.includes(author)) earlier.push(author)
  }
  return replies
}
