/** A reply's text as a coding keeps it: the author's plain text, or the shown HTML's text when that is all there is. */
import type { CommentReply } from '#contract/index.ts'
import { CODING_LIMITS } from '#contract/coding.ts'
import { safeReplyHtml, type SafeNode } from './safe-reply-html.ts'

function textOf(nodes: readonly SafeNode[]): string {
  return nodes.map((n) => (n.type === 'br' ? '\n' : n.type === 'text' ? n.text : textOf(n.children))).join('')
}

export function replyPlainText(reply: Pick<CommentReply, 'textOriginal' | 'textDisplay'>): string {
  const text = reply.textOriginal.trim() ? reply.textOriginal : textOf(safeReplyHtml(reply.textDisplay))
  return text.slice(0, CODING_LIMITS.replyTextMax)
}
