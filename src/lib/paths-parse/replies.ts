/** The route table's parser for /replies (docs/decisions/0123-typed-addresses.md): tolerant, each bad value named. */
import { z } from 'zod'
import { REPLY_ID_RE } from '#contract/identifiers.ts'
import { COLLECTION_ID_RE } from '../paths/collections.ts'
import { COMMENT_FORMATS as REPLY_FORMATS } from '#contract/enums.ts'
import { DEFAULT_STATE, REPLY_SORTS, REPLY_VIEWS, type RepliesViewState } from '../paths/replies.ts'

const MAX_QUERY = 200
const ReplyIdParam = z.string().regex(REPLY_ID_RE)

function oneOf<T extends string>(
  name: string,
  value: string | null,
  allowed: readonly [T, ...T[]],
  fallback: T,
  problems: string[],
): T {
  if (value === null || value === '') return fallback
  const r = z.enum(allowed).safeParse(value)
  if (r.success) return r.data as T
  problems.push(`${name}=${value.slice(0, 40)} is not one of ${allowed.join(', ')}; showing ${fallback}.`)
  return fallback
}

/** Unknown values fall back to the default and are reported, so a mistyped link still opens. */
export function parseRepliesSearch(params: URLSearchParams): { state: RepliesViewState; problems: string[] } {
  const problems: string[] = []
  const state: RepliesViewState = {
    format: oneOf('format', params.get('format'), REPLY_FORMATS, DEFAULT_STATE.format, problems),
    view: oneOf('view', params.get('view'), REPLY_VIEWS, DEFAULT_STATE.view, problems),
    sort: oneOf('sort', params.get('sort'), REPLY_SORTS, DEFAULT_STATE.sort, problems),
    q: (params.get('q') ?? '').slice(0, MAX_QUERY),
  }
  const reply = params.get('reply')
  if (reply) {
    if (ReplyIdParam.safeParse(reply).success) state.reply = reply
    else
      problems.push(
        `reply=${reply.slice(0, 60)} is not a reply id (<comment id>.<22 characters>); nothing is highlighted.`,
      )
  }
  const collection = params.get('collection')
  if (collection) {
    if (COLLECTION_ID_RE.test(collection)) state.collection = collection
    else
      problems.push(
        `collection=${collection.slice(0, 40)} is not a collection id (c_ and 10 letters or digits); coding is off.`,
      )
  }
  return { state, problems }
}
