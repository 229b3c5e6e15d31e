/** The route table's builders for /replies (docs/decisions/0123-typed-addresses.md); its parser is in paths-parse/. */
import type { CommentFormat } from '#contract/enums.ts'
import { ROUTES, seg, withQuery } from '../routes.ts'

// ——— /replies, /replies/:commentId?format=&view=&sort=&q=&reply=&collection= ———

export const REPLY_VIEWS = ['tree', 'flat'] as const
export type ReplyViewMode = (typeof REPLY_VIEWS)[number]
export const REPLY_SORTS = ['oldest', 'newest', 'liked'] as const
export type ReplySort = (typeof REPLY_SORTS)[number]

export type RepliesViewState = {
  format: CommentFormat
  view: ReplyViewMode
  sort: ReplySort
  q: string
  /** A reply to highlight and scroll to. */
  reply?: string
  /** A collection whose codes apply to replies (coding, issue 17). */
  collection?: string
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
