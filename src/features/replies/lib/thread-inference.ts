/**
 * Who answered whom under a comment. The platform keeps replies flat; people answer each other with
 * `@Name` or `@handle`. A reply that mentions an earlier replier is nested under that replier's latest
 * earlier reply (docs/decisions/0060-thread-inference.md).
 */
import { MentionMatcher, mentionKey, namesOfAuthor } from './mentions.ts'

export type ThreadableReply = {
  id: string
  authorDisplayName: string
  authorChannelUrl?: string | undefined
  authorChannelId?: { value: string } | undefined
  textOriginal: string
  publishedAt: string
}

export type ThreadLink = {
  /** The reply this one answers; null when it answers the top-level comment. */
  replyToId: string | null
  /** 0 for replies to the top-level comment. */
  depth: number
  /** mention: answers a mentioned earlier replier; continuation: its author mentioned only themself. */
  via: 'mention' | 'continuation' | 'none'
  /** The name as written after `@` that decided the link. */
  mentionedName?: string
}

type Known = { replyId: string; authorKey: string }

/** The same person across replies: their channel id when known, else their display name. */
export function authorKey(reply: Pick<ThreadableReply, 'authorDisplayName' | 'authorChannelId'>): string {
  return reply.authorChannelId?.value
    ? `channel:${reply.authorChannelId.value}`
    : `name:${mentionKey(reply.authorDisplayName)}`
}

/** Oldest first; equal times keep the order the service gave. */
export function chronological<T extends Pick<ThreadableReply, 'publishedAt'>>(replies: readonly T[]): T[] {
  return replies
    .map((r, i) => ({ r, i, t: Date.parse(r.publishedAt) }))
    .sort((a, b) => (a.t === b.t || Number.isNaN(a.t - b.t) ? a.i - b.i : a.t - b.t))
    .map((x) => x.r)
}

/**
 * For every reply, what it answers and how deep it sits. Pure: same replies in, same links out.
 * - The first mention (in reading order) of someone other than the author who has already replied decides.
 * - Mentions of people who have not replied yet (or only reply later) leave the reply at top level.
 * - A reply whose only resolvable mention is its own author continues that author's latest earlier
 *   reply: it is placed beside it (same replyToId and depth), not under it.
 */
export function inferThreads(replies: readonly ThreadableReply[]): Map<string, ThreadLink> {
  const links = new Map<string, ThreadLink>()
  const matcher = new MentionMatcher<Known>()
  const latestByAuthor = new Map<string, string>()

  for (const reply of chronological(replies)) {
    const me = authorKey(reply)
    const mentions = matcher.find(reply.textOriginal)
    const other = mentions.find((m) => m.value.authorKey !== me && m.value.replyId !== reply.id)
    let link: ThreadLink = { replyToId: null, depth: 0, via: 'none' }
    if (other) {
      const target = links.get(other.value.replyId)
      link = {
        replyToId: other.value.replyId,
        depth: (target?.depth ?? 0) + 1,
        via: 'mention',
        mentionedName: other.name,
      }
    } else {
      const self = mentions.find((m) => m.value.authorKey === me)
      const previous = latestByAuthor.get(me)
      const previousLink = previous ? links.get(previous) : undefined
      if (self && previousLink)
        link = {
          replyToId: previousLink.replyToId,
          depth: previousLink.depth,
          via: 'continuation',
          mentionedName: self.name,
        }
    }
    links.set(reply.id, link)
    // Registered after matching: a reply never answers itself, and only earlier replies can be targets.
    for (const name of namesOfAuthor(reply)) matcher.add(name, { replyId: reply.id, authorKey: me })
    latestByAuthor.set(me, reply.id)
  }
  return links
}
