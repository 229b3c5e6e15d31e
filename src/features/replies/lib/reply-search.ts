/** Searching the loaded replies: what matches, how to mark it, and what the matches add up to. */
import type { CommentReply } from '#contract/index.ts'
import { safeNodesText, safeReplyHtml } from './safe-reply-html.ts'
import { authorKey } from './thread-inference.ts'

export type ReplyFormat = 'html' | 'plainText'

/** Case-insensitive, literal (no regex syntax from the user), Unicode-aware; undefined for a blank query. */
export function searchPattern(query: string): RegExp | undefined {
  const q = query.trim()
  if (!q) return undefined
  return new RegExp(q.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'giu')
}

/** The text a reader sees in that format, which is what search looks in (plus the author). */
function visibleText(reply: CommentReply, format: ReplyFormat): string {
  return format === 'html' ? safeNodesText(safeReplyHtml(reply.textDisplay)) : reply.textOriginal
}

export function matchingIds(
  replies: readonly CommentReply[],
  pattern: RegExp | undefined,
  format: ReplyFormat,
): Set<string> {
  if (!pattern) return new Set(replies.map((r) => r.id))
  const test = (s: string) => {
    pattern.lastIndex = 0
    return pattern.test(s)
  }
  return new Set(
    replies.filter((r) => test(r.authorDisplayName) || test(visibleText(r, format))).map((r) => r.id),
  )
}

/** `text` cut into plain and matching pieces, for `<mark>`. */
export function splitMatches(text: string, pattern: RegExp | undefined): { text: string; match: boolean }[] {
  if (!pattern) return [{ text, match: false }]
  const parts: { text: string; match: boolean }[] = []
  let at = 0
  for (const m of text.matchAll(pattern)) {
    if (m[0] === '') continue
    if (m.index > at) parts.push({ text: text.slice(at, m.index), match: false })
    parts.push({ text: m[0], match: true })
    at = m.index + m[0].length
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false })
  return parts
}

export type ReplyStats = { replies: number; authors: number; likes: number }

export function replyStats(replies: readonly CommentReply[]): ReplyStats {
  return {
    replies: replies.length,
    authors: new Set(replies.map(authorKey)).size,
    likes: replies.reduce((n, r) => n + r.likeCount, 0),
  }
}
