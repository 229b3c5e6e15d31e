/** The replies view's state lives in its URL: `?format=html&view=tree&sort=oldest&q=…&reply=<replyId>`. */
import { REPLY_ID_RE } from '#contract/index.ts'
import { REPLY_SORTS, type ReplySort } from './reply-tree.ts'
import type { ReplyFormat } from './reply-search.ts'

export const REPLY_FORMATS = ['html', 'plainText'] as const satisfies readonly ReplyFormat[]
export const REPLY_VIEWS = ['tree', 'flat'] as const
export type ReplyViewMode = (typeof REPLY_VIEWS)[number]

export type RepliesViewState = {
  format: ReplyFormat
  view: ReplyViewMode
  sort: ReplySort
  q: string
  /** A reply to highlight and scroll to. */
  reply?: string
}

export const DEFAULT_STATE: RepliesViewState = { format: 'html', view: 'tree', sort: 'oldest', q: '' }
const MAX_QUERY = 200

function oneOf<T extends string>(
  name: string,
  value: string | null,
  allowed: readonly T[],
  fallback: T,
  problems: string[],
): T {
  if (value === null || value === '') return fallback
  if ((allowed as readonly string[]).includes(value)) return value as T
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
    if (REPLY_ID_RE.test(reply)) state.reply = reply
    else
      problems.push(
        `reply=${reply.slice(0, 60)} is not a reply id (<comment id>.<22 characters>); nothing is highlighted.`,
      )
  }
  return { state, problems }
}

/** The query string for a state: format always (it names what is shown), the rest only when not default. */
export function repliesSearchString(state: RepliesViewState): string {
  const p = new URLSearchParams({ format: state.format })
  if (state.view !== DEFAULT_STATE.view) p.set('view', state.view)
  if (state.sort !== DEFAULT_STATE.sort) p.set('sort', state.sort)
  if (state.q) p.set('q', state.q)
  if (state.reply) p.set('reply', state.reply)
  return `?${p.toString()}`
}
