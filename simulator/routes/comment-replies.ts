/** GET /commentReplies: replies of a top-level comment, oldest first, in pages (spec 4.4). */
import { COMMENT_FORMATS, COMMENT_ID_RE, REPLY_ID_RE } from '#contract/index.ts'
import { getDataset } from '../data/dataset.ts'
import { invalid, notFound } from '../errors.ts'
import { commentReply } from '../wire.ts'
import { enumParam, pageOf, param, type SimContext } from './query.ts'

const REPLIES_PAGE_SIZE = 100

export function commentReplies(c: SimContext): Response {
  const parentId = param(c, 'parentCommentId')
  if (!parentId) throw invalid('parentCommentId is required: the id of a top-level comment.')
  const reply = REPLY_ID_RE.exec(parentId)
  if (reply)
    throw invalid(
      `parentCommentId "${parentId}" is a reply; only top-level comments have replies (its parent is ${reply[1]}).`,
    )
  if (!COMMENT_ID_RE.test(parentId)) throw invalid(`parentCommentId "${parentId}" is not a comment id.`)
  const format = enumParam(c, 'format', COMMENT_FORMATS) ?? 'html'
  const replies = getDataset().replies(parentId)
  if (!replies) throw notFound(`No comment with id ${parentId}.`)
  const { page, nextPageToken } = pageOf(
    replies,
    `replies|${parentId}`,
    param(c, 'pageToken'),
    REPLIES_PAGE_SIZE,
  )
  return c.json({
    data: page.map((r) => commentReply(r, format)),
    ...(nextPageToken ? { nextPageToken } : {}),
  })
}
