/**
 * The route table: every view's path pattern (`ROUTES`), URL builder (`paths.*`) and the state each URL holds.
 * Its parsers (zod schemas per parameter, tolerant) are beside it in paths-parse/ (one module per view): kept apart so the shell's
 * first load, which links every view, does not carry zod (docs/decisions/0099, 0123-typed-addresses.md).
 */
import {
  type CaptionFormat,
  type CaptionMode,
  type CommentFormat,
  type HlCode,
  type LanguageCode,
  type RadiusUnit,
} from '#contract/enums.ts'
import { formatLocation } from '#contract/location-format.ts'
import type { PasteTarget } from '#contract/paste.ts'
import type { ChannelRef, ChannelTarget } from './channel-lookup.ts'
import { ROUTES, seg, signInPath, withQuery } from './routes.ts'

export { ROUTES, safeReturnPath, signInPath } from './routes.ts'

// ——— /search?location=<lat>,<lng>&radius=<n>&unit=<km|m|mi|ft>[&q=][&sort=] ———

export const SORT_KEYS = ['relevance', 'date', 'oldest', 'title'] as const
export type SortKey = (typeof SORT_KEYS)[number]

/** A complete, valid search as the researcher wrote it (radius in their unit). */
export type SearchInput = { lat: number; lng: number; radius: number; unit: RadiusUnit }

export type SearchUrlState = {
  /** The submitted search, when the URL holds a valid one. */
  search: SearchInput | undefined
  /** The URL's search values as written, so the form can show them even when they are wrong. */
  raw: { location: string; radius: string; unit: RadiusUnit }
  /** Why the URL's search could not be used (shown above the form). */
  problem: string | undefined
  /** Text filter over loaded results. */
  q: string
  sort: SortKey
}

export const DEFAULT_RADIUS = '10'
export const DEFAULT_UNIT: RadiusUnit = 'km'

/** Coordinates to 5 decimals (about 1 m): enough for any radius the service takes, short in URLs. */
export function roundCoordinate(n: number): number {
  const r = Number(n.toFixed(5))
  return Object.is(r, -0) ? 0 : r
}

/** The view's URL for a search; the location keeps its comma so links stay readable. */
export function searchUrl(input?: SearchInput, view: { q?: string; sort?: SortKey } = {}): string {
  if (!input) return ROUTES.search
  const parts = [
    `location=${formatLocation({ lat: roundCoordinate(input.lat), lng: roundCoordinate(input.lng) })}`,
    `radius=${input.radius}`,
    `unit=${input.unit}`,
  ]
  if (view.q) parts.push(`q=${encodeURIComponent(view.q)}`)
  if (view.sort && view.sort !== 'relevance') parts.push(`sort=${view.sort}`)
  return `${ROUTES.search}?${parts.join('&')}`
}

// ——— /popular?category=&min=&max=&q=&sort=&auto=1 ———

export const POPULAR_SORT_KEYS = [
  'rank',
  'views',
  'likes',
  'comments',
  'longest',
  'shortest',
  'newest',
  'oldest',
] as const
export type PopularSort = (typeof POPULAR_SORT_KEYS)[number]

export type PopularState = {
  /** categoryId (numeric text): stable whatever the language of categoryTitle. */
  category?: string
  /** Duration range in minutes, inclusive. */
  minMinutes?: number
  maxMinutes?: number
  q: string
  sort: PopularSort
  /** Load the next page by itself when the list is scrolled near its end. */
  auto: boolean
}

export const DEFAULT_POPULAR_STATE: PopularState = { q: '', sort: 'rank', auto: false }

export function durationRangeValid(state: Pick<PopularState, 'minMinutes' | 'maxMinutes'>): boolean {
  return (
    state.minMinutes === undefined || state.maxMinutes === undefined || state.minMinutes <= state.maxMinutes
  )
}

/** Only what differs from the defaults, so plain /popular stays plain. */
export function popularSearchParams(state: PopularState): URLSearchParams {
  const sp = new URLSearchParams()
  if (state.category) sp.set('category', state.category)
  if (state.minMinutes !== undefined) sp.set('min', String(state.minMinutes))
  if (state.maxMinutes !== undefined) sp.set('max', String(state.maxMinutes))
  if (state.q) sp.set('q', state.q)
  if (state.sort !== 'rank') sp.set('sort', state.sort)
  if (state.auto) sp.set('auto', '1')
  return sp
}

// ——— /channels, /channels/:channelRef, /channels/user/:username, /channels?ids=&hl= ———

export type ChannelView =
  | { kind: 'lookup' }
  | { kind: 'one'; ref: ChannelRef }
  | { kind: 'compare'; ids: string[] }
  | { kind: 'invalid'; reason: string; input: string }

export type ChannelRoute = { view: ChannelView; hl: HlCode | undefined; problems: string[] }

/** The channels view of a lookup (no target: the lookup box), keeping the chosen language. */
export function channelsUrl(target?: ChannelTarget, hl?: string): string {
  const q = new URLSearchParams()
  let path: string = ROUTES.channels
  if (target?.by === 'id') path = `${ROUTES.channels}/${seg(target.id)}`
  else if (target?.by === 'handle') path = `${ROUTES.channels}/${seg(target.handle).replace(/^%40/, '@')}`
  else if (target?.by === 'username') path = `${ROUTES.channels}/user/${seg(target.username)}`
  else if (target?.by === 'ids') q.set('ids', target.ids.join(','))
  if (hl) q.set('hl', hl)
  return withQuery(path, q.toString().replace(/%2C/g, ','))
}

// ——— /replies, /replies/:commentId?format=&view=&sort=&q=&reply= ———

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
  return p.toString()
}

/** The query string for a whole state, format always written. */
export function repliesSearchString(state: RepliesViewState): string {
  return `?${repliesQuery(state)}`
}

// ——— /videos, /videos/:videoId?lang=&mode=&t=&q= ———

export type StudioState = {
  /** Undefined: the video's default caption language. */
  lang?: LanguageCode
  mode: CaptionMode
  /** Where playback starts, in seconds. */
  t?: number
  /** Search within the transcript. */
  q: string
}

export type ParsedStudioSearch = { state: StudioState; problems: string[] }

/** The query of a (partial) studio state: only what is given, t in whole seconds. */
function studioQuery(state: Partial<StudioState>): string {
  const p = new URLSearchParams()
  if (state.lang) p.set('lang', state.lang)
  if (state.mode) p.set('mode', state.mode)
  if (state.t !== undefined) p.set('t', String(Math.max(0, Math.floor(state.t))))
  if (state.q) p.set('q', state.q)
  return p.toString()
}

/** The search string for a state; mode is always written so a shared link says which captions it shows. */
export function studioSearch(state: StudioState): string {
  return `?${studioQuery(state)}`
}

/** The current page's URL with `t=` set to this moment (whole seconds, like the platform's links). */
export function momentUrl(currentHref: string, seconds: number): string {
  const url = new URL(currentHref)
  url.searchParams.set('t', String(Math.max(0, Math.floor(seconds))))
  return url.toString()
}

// ——— /bulk?ids=<id,id,…>&off=&formats=&langs=&mode=&parallel= ———

/** More would make a URL too long to share and a run of thousands of requests; split bigger lists. */
export const MAX_VIDEOS = 500
export const MAX_PARALLEL = 8
export const DEFAULT_PARALLEL = 4

export type BulkState = {
  /** The candidate videos, in the order they were added. */
  ids: string[]
  /** Listed but unticked. */
  excluded: string[]
  formats: CaptionFormat[]
  /** `default`: each video's default caption language. */
  languages: 'default' | readonly LanguageCode[]
  mode: CaptionMode
  parallel: number
}

export const DEFAULT_BULK_STATE: BulkState = {
  ids: [],
  excluded: [],
  formats: [],
  languages: 'default',
  mode: 'default',
  parallel: DEFAULT_PARALLEL,
}

/** `?ids=a,b&formats=srt,vtt&langs=en,fr`: commas left readable; defaults left out. */
export function bulkSearchString(state: BulkState): string {
  const parts: [string, string][] = []
  if (state.ids.length) parts.push(['ids', state.ids.join(',')])
  const off = state.excluded.filter((id) => state.ids.includes(id))
  if (off.length) parts.push(['off', off.join(',')])
  if (state.formats.length) parts.push(['formats', state.formats.join(',')])
  if (state.languages !== 'default') parts.push(['langs', state.languages.join(',')])
  if (state.mode !== 'default') parts.push(['mode', state.mode])
  if (state.parallel !== DEFAULT_PARALLEL) parts.push(['parallel', String(state.parallel)])
  const query = parts.map(([k, v]) => `${k}=${encodeURIComponent(v).replace(/%2C/g, ',')}`).join('&')
  return query ? `?${query}` : ''
}

// ——— /spend?op=&state=&page= ———

/** The ledger's state filter: `failed` takes both free and charged failures. */
export const STATE_FILTERS = ['charged', 'pending', 'failed'] as const
export type StateFilter = (typeof STATE_FILTERS)[number]

export type SpendViewState = { page: number; operation?: string; state?: StateFilter }

export function spendSearchParams(state: SpendViewState): URLSearchParams {
  const p = new URLSearchParams()
  if (state.operation) p.set('op', state.operation)
  if (state.state) p.set('state', state.state)
  if (state.page > 1) p.set('page', String(state.page))
  return p
}

// ——— the builders ———

/** Every view URL the SPA links or navigates to. */
export const paths = {
  home: () => ROUTES.home,
  search: searchUrl,
  popular: (state?: PopularState) =>
    withQuery(ROUTES.popular, state ? popularSearchParams(state).toString() : ''),
  channels: channelsUrl,
  replies: (commentId?: string, state: Partial<RepliesViewState> = {}) =>
    withQuery(
      commentId === undefined ? ROUTES.replies : `${ROUTES.replies}/${seg(commentId)}`,
      repliesQuery(state),
    ),
  videos: () => ROUTES.videos,
  video: (videoId: string, state: Partial<StudioState> = {}) =>
    withQuery(`${ROUTES.videos}/${seg(videoId)}`, studioQuery(state)),
  /** The one place `/bulk?ids=` is written. */
  bulk: (state: Partial<BulkState> = {}) =>
    `${ROUTES.bulk}${bulkSearchString({ ...DEFAULT_BULK_STATE, ...state })}`,
  spend: (state?: SpendViewState) =>
    withQuery(ROUTES.spend, state ? spendSearchParams(state).toString() : ''),
  signIn: signInPath,
}

/** Where in the dashboard a pasted thing is shown. */
export function pasteTargetUrl(target: PasteTarget): string {
  switch (target.kind) {
    case 'video':
      return paths.video(target.videoId, { t: target.t })
    case 'channel':
      if (target.by === 'id') return paths.channels({ by: 'id', id: target.channelId })
      if (target.by === 'handle') return paths.channels({ by: 'handle', handle: target.handle })
      return paths.channels({ by: 'username', username: target.username })
    case 'comment':
      return paths.replies(target.parentId, { reply: target.replyId })
    case 'location':
      return paths.search({
        lat: target.lat,
        lng: target.lng,
        radius: Number(DEFAULT_RADIUS),
        unit: DEFAULT_UNIT,
      })
  }
}
