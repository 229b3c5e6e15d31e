/** Identifier shapes of the platform (service-facts.md, Identifiers). */
export const VIDEO_ID_RE = /^[0-9A-Za-z_-]{11}$/
export const CHANNEL_ID_RE = /^UC[0-9A-Za-z_-]{22}$/
export const COMMENT_ID_RE = /^[0-9A-Za-z_-]{20,40}$/
export const REPLY_ID_RE = /^([0-9A-Za-z_-]{20,40})\.([0-9A-Za-z_-]{10,40})$/
/** `@` + 3–30 letters (any script), digits, `_`, `-`, `.`. */
export const HANDLE_RE = /^@?([\p{L}\p{M}\p{N}_.-]{3,30})$/u
export const USERNAME_RE = /^[A-Za-z0-9_.-]{1,100}$/

export const isVideoId = (s: string): boolean => VIDEO_ID_RE.test(s)
export const isChannelId = (s: string): boolean => CHANNEL_ID_RE.test(s)

/** `@name` whatever the input had; undefined when it is not a handle. */
export function normaliseHandle(s: string): string | undefined {
  const m = HANDLE_RE.exec(s.trim())
  return m ? `@${m[1]}` : undefined
}

/** The parent comment id of a reply id `<parentId>.<suffix>`, or the id itself for a top-level comment. */
export function parentOfCommentId(id: string): { parentId: string; replyId?: string } | undefined {
  const r = REPLY_ID_RE.exec(id)
  if (r) return { parentId: r[1]!, replyId: id }
  if (COMMENT_ID_RE.test(id) && !VIDEO_ID_RE.test(id) && !CHANNEL_ID_RE.test(id)) return { parentId: id }
  return undefined
}
