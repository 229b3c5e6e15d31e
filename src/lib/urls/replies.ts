/** /replies' URLs: their state, builders and parser in one module, so a parameter is added in one place. */
import { z } from 'zod'
import { COMMENT_FORMATS as REPLY_FORMATS, type CommentFormat } from '#contract/enums.ts'
import { REPLY_ID_RE, VIDEO_ID_RE } from '#contract/identifiers.ts'
import { COLLECTION_ID_RE } from './collections.ts'
import { ROUTES, seg, withQuery } from './routes.ts'

// ——— /replies, /replies/:commentId?format=&view=&sort=&q=&reply=&collection=&video= ———

const REPLY_VIEWS = ['tree', 'flat'] as const
type ReplyViewMode = (typeof REPLY_VIEWS)[number]
const REPLY_SORTS = ['oldest', 'newest', 'liked'] as const
export type ReplySort = (typeof REPLY_SORTS)[number]

export type RepliesViewState = {
  format: CommentFormat
  view: ReplyViewMode
  sort: ReplySort
  q: string
  /** A reply to highlight and scroll to. */
  reply?: string
  /** A collection whose codes apply to replies (coding). */
  collection?: string
  /** The video the comment is under, when the link said it: coded replies carry it. */
  video?: string
}

export const DEFAULT_STATE: RepliesViewState = { format: 'html', view: 'tree', sort: 'oldest', q: '' }
/** The query of a (partial) state: format when given (it names what is shown), the rest only when not default. */
function repliesQuery(state: Partial<RepliesViewState>): string {
  const p = new URLSearchParams()
  if (state.format) p.set('format', state.format)
  if (state.view && state.view !== DEFAULT_STATE.view) p.set('view', state.view)
  if (state.sort && state.sort !== DEFAULT_STATE.sort) p.set('sort', state.sort)
  if (state.q) p.set('q', state.q)
  if (state.reply) p.set('reply', state.reply)
  if (state.collection) p.set('collection', state.collection)
  if (state.video) p.set('video', state.video)
  return p.toString()
}

/** The query string for a whole state, format always written. */
export function repliesSearchString(state: RepliesViewState): string {
  return `?${repliesQuery(state)}`
}

export const repliesPath = (commentId?: string, state: Partial<RepliesViewState> = {}) =>
  withQuery(
    commentId === undefined ? ROUTES.replies : `${ROUTES.replies}/${seg(commentId)}`,
    repliesQuery(state),
  )

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
  const video = params.get('video')
  if (video) {
    if (VIDEO_ID_RE.test(video)) state.video = video
    else
      problems.push(
        `video=${video.slice(0, 40)} is not a video id (11 characters); codings will not name it.`,
      )
  }
  return { state, problems }
}
