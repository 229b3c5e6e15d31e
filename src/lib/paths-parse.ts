/**
 * The route table's parsers: each view's URL → its state, with a zod schema per parameter. Tolerant: a bad value
 * is dropped (or kept as typed for the form) and named, so a mistyped link still opens its view. Only the views'
 * lazy routes import this (zod stays out of the shell's first load; docs/decisions/0123-typed-addresses.md).
 */
import { z } from 'zod'
import {
  CAPTION_FORMATS,
  CAPTION_MODES,
  HL_CODES,
  LANGUAGE_CODES,
  RADIUS_UNITS,
  type CaptionMode,
  type HlCode,
} from '#contract/enums.ts'
import { checkRadius } from '#contract/geo.ts'
import { isChannelId, normaliseHandle, REPLY_ID_RE, USERNAME_RE, VIDEO_ID_RE } from '#contract/identifiers.ts'
import { parseTimeParam } from '#contract/paste.ts'
import { LocationParam } from '#contract/requests.ts'
import { MAX_COMPARE_IDS, parseChannelLookup } from './channel-lookup.ts'
import {
  DEFAULT_PARALLEL,
  DEFAULT_POPULAR_STATE,
  DEFAULT_RADIUS,
  DEFAULT_STATE,
  DEFAULT_UNIT,
  durationRangeValid,
  MAX_PARALLEL,
  MAX_VIDEOS,
  POPULAR_SORT_KEYS,
  REPLY_FORMATS,
  REPLY_SORTS,
  REPLY_VIEWS,
  roundCoordinate,
  SORT_KEYS,
  STATE_FILTERS,
  type BulkState,
  type ChannelRoute,
  type ChannelView,
  type ParsedStudioSearch,
  type PopularState,
  type RepliesViewState,
  type SearchUrlState,
  type SpendViewState,
  type StudioState,
} from './paths.ts'

/** The first message of a failed zod parse. */
const firstMessage = (e: z.ZodError) => e.issues[0]?.message ?? ''

// ——— /search ———

const NUMBER_RE = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/
/** Decimal text only (`1e3`, `0x10`, `1,5`, '' are not numbers here). */
const DecimalText = z.string().regex(NUMBER_RE).transform(Number)
const UnitParam = z.enum(RADIUS_UNITS)
const SortParam = z.enum(SORT_KEYS)

/** Decimal text → number; undefined for anything else (`1e3`, `0x10`, `1,5`, ''). */
export function parseDecimal(text: string): number | undefined {
  const r = DecimalText.safeParse(text)
  return r.success ? r.data : undefined
}

export function parseSearchUrl(params: URLSearchParams): SearchUrlState {
  const location = params.get('location')?.trim() ?? ''
  const radiusText = params.get('radius')?.trim() ?? ''
  const unitText = params.get('unit')?.trim().toLowerCase() ?? ''
  const unitParsed = UnitParam.safeParse(unitText)
  const sortParsed = SortParam.safeParse(params.get('sort') ?? '')
  const unit = unitParsed.success ? unitParsed.data : DEFAULT_UNIT
  const base = {
    raw: { location, radius: radiusText || DEFAULT_RADIUS, unit },
    q: params.get('q') ?? '',
    sort: sortParsed.success ? sortParsed.data : 'relevance',
  } as const
  if (!location) return { ...base, search: undefined, problem: undefined }
  const fail = (problem: string): SearchUrlState => ({ ...base, search: undefined, problem })
  // The same schema the function validates `location` with (contract/requests.ts).
  const point = LocationParam.safeParse(location)
  if (!point.success) return fail(firstMessage(point.error))
  if (unitText && !unitParsed.success)
    return fail(`The unit "${unitText}" is not one of ${RADIUS_UNITS.join(', ')}.`)
  if (!radiusText)
    return fail(`The link has a location but no radius; press Search to use ${DEFAULT_RADIUS} ${unit}.`)
  const radius = parseDecimal(radiusText)
  if (radius === undefined) return fail(`The radius "${radiusText}" is not a number.`)
  const r = checkRadius(radius, unit)
  if (!r.ok) return fail(r.message)
  return {
    ...base,
    search: { lat: roundCoordinate(point.data.lat), lng: roundCoordinate(point.data.lng), radius, unit },
    problem: undefined,
  }
}

// ——— /popular ———

const CategoryParam = z.string().regex(/^\d+$/)
const MinutesParam = z.coerce.number().finite().min(0)
const PopularSortParam = z.enum(POPULAR_SORT_KEYS)
const AutoParam = z.enum(['1', '0']).transform((v) => v === '1')

function minutes(sp: URLSearchParams, key: string, problems: string[]): number | undefined {
  const raw = sp.get(key)
  if (raw === null || raw.trim() === '') return undefined
  const n = MinutesParam.safeParse(raw)
  if (!n.success) {
    problems.push(`Ignored ${key}=${raw}: it must be a number of minutes, 0 or more.`)
    return undefined
  }
  return n.data
}

export function parsePopularSearch(sp: URLSearchParams): { state: PopularState; problems: string[] } {
  const problems: string[] = []
  const state: PopularState = { ...DEFAULT_POPULAR_STATE, q: sp.get('q') ?? '' }
  const category = sp.get('category')
  if (category) {
    if (CategoryParam.safeParse(category).success) state.category = category
    else problems.push(`Ignored category=${category}: categories are numeric ids.`)
  }
  const min = minutes(sp, 'min', problems)
  const max = minutes(sp, 'max', problems)
  if (min !== undefined) state.minMinutes = min
  if (max !== undefined) state.maxMinutes = max
  // Kept as typed (the boxes must not jump), but a reversed range filters nothing.
  if (!durationRangeValid(state))
    problems.push(`The duration range is not applied: min=${min} is more than max=${max}.`)
  const sort = sp.get('sort')
  if (sort) {
    const s = PopularSortParam.safeParse(sort)
    if (s.success) state.sort = s.data
    else problems.push(`Ignored sort=${sort}: use one of ${POPULAR_SORT_KEYS.join(', ')}.`)
  }
  const auto = sp.get('auto')
  if (auto !== null) {
    const a = AutoParam.safeParse(auto)
    if (a.success) state.auto = a.data
    else problems.push(`Ignored auto=${auto}: use 1 or 0.`)
  }
  return { state, problems }
}

// ——— /channels ———

const HlParam = z.enum(HL_CODES as unknown as [HlCode, ...HlCode[]])
const UsernameParam = z.string().regex(USERNAME_RE)

export function parseHl(raw: string | null): { hl: HlCode | undefined; problem?: string } {
  if (raw === null || raw === '') return { hl: undefined }
  const hl = HlParam.safeParse(raw)
  if (hl.success) return { hl: hl.data }
  return {
    hl: undefined,
    problem: `Ignored hl=${raw}: the service's languages are codes such as es, fr, de, ja, ar, pt-PT, zh-TW.`,
  }
}

/** `params` from /channels/:channelRef or /channels/user/:username; `search` for ids and hl. */
export function parseChannelRoute(
  params: { channelRef?: string; username?: string },
  search: URLSearchParams,
): ChannelRoute {
  const { hl, problem } = parseHl(search.get('hl'))
  const problems = problem ? [problem] : []
  const done = (view: ChannelView): ChannelRoute => ({ view, hl, problems })

  if (params.username !== undefined) {
    const u = params.username.trim()
    return UsernameParam.safeParse(u).success
      ? done({ kind: 'one', ref: { by: 'username', username: u } })
      : done({
          kind: 'invalid',
          reason: `"${u}" is not a legacy username (letters, digits, _ . -, at most 100).`,
          input: `user/${u}`,
        })
  }
  if (params.channelRef !== undefined) {
    const ref = params.channelRef.trim()
    if (isChannelId(ref)) return done({ kind: 'one', ref: { by: 'id', id: ref } })
    if (ref.startsWith('@')) {
      const handle = normaliseHandle(ref)
      return handle
        ? done({ kind: 'one', ref: { by: 'handle', handle } })
        : done({
            kind: 'invalid',
            reason: `"${ref}" is not a handle: @ followed by 3–30 letters, digits, _, - or .`,
            input: ref,
          })
    }
    return done({
      kind: 'invalid',
      reason: `"${ref}" is neither a channel id (UC followed by 22 characters) nor a handle starting with @.`,
      input: ref,
    })
  }
  const ids = search.get('ids')
  if (ids !== null && ids.trim() !== '') {
    const r = parseChannelLookup(ids)
    if (!r.ok) return done({ kind: 'invalid', reason: r.reason, input: ids })
    if (r.target.by === 'id') return done({ kind: 'one', ref: r.target })
    if (r.target.by === 'ids') return done({ kind: 'compare', ids: r.target.ids.slice(0, MAX_COMPARE_IDS) })
    return done({ kind: 'invalid', reason: 'ids= takes channel ids (UC…) separated by commas.', input: ids })
  }
  return done({ kind: 'lookup' })
}

// ——— /replies ———

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
  return { state, problems }
}

// ——— /videos/:videoId ———

const LangParam = z.enum(LANGUAGE_CODES)
const ModeParam = z.enum(CAPTION_MODES)
const TimeParam = z
  .string()
  .transform((s) => parseTimeParam(s))
  .pipe(z.number().min(0))
export const VideoIdParam = z.string().regex(VIDEO_ID_RE)

/** Bad parameters are dropped and named in `problems`, so the view still opens with defaults. */
export function parseStudioSearch(search: URLSearchParams): ParsedStudioSearch {
  const problems: string[] = []
  const state: StudioState = { mode: 'default', q: search.get('q') ?? '' }
  const lang = search.get('lang')
  if (lang) {
    const r = LangParam.safeParse(lang)
    if (r.success) state.lang = r.data
    else
      problems.push(
        `lang "${lang}" is not a language code the service knows (e.g. en, es-419, zh-Hans); the video's default language is shown.`,
      )
  }
  const mode = search.get('mode')
  if (mode) {
    const r = ModeParam.safeParse(mode)
    if (r.success) state.mode = r.data
    else problems.push(`mode "${mode}" is not one of ${CAPTION_MODES.join(', ')}; default is used.`)
  }
  const t = search.get('t')
  if (t) {
    const r = TimeParam.safeParse(t)
    if (r.success) state.t = r.data
    else
      problems.push(
        `t "${t}" is not a time (use seconds like 83, or 1m23s); playback starts at the beginning.`,
      )
  }
  return { state, problems }
}

// ——— /bulk ———

const ParallelParam = z.coerce.number().int().min(1).max(MAX_PARALLEL)
const list = (raw: string | null): string[] =>
  (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

function pick<T extends string>(
  raw: string | null,
  allowed: readonly [T, ...T[]],
  name: string,
  problems: string[],
): T[] {
  const schema = z.enum(allowed)
  const chosen: T[] = []
  for (const v of list(raw)) {
    const r = schema.safeParse(v)
    if (r.success) {
      if (!chosen.includes(r.data as T)) chosen.push(r.data as T)
    } else
      problems.push(
        `Ignored ${name} "${v}": not one of ${allowed.length > 12 ? 'the service’s codes' : allowed.join(', ')}.`,
      )
  }
  return chosen
}

export function parseBulkSearch(sp: URLSearchParams): { state: BulkState; problems: string[] } {
  const problems: string[] = []
  const ids: string[] = []
  for (const id of list(sp.get('ids'))) {
    if (!VideoIdParam.safeParse(id).success)
      problems.push(`Ignored "${id.slice(0, 40)}" in ids: video ids are 11 letters, digits, - or _.`)
    else if (!ids.includes(id)) ids.push(id)
  }
  if (ids.length > MAX_VIDEOS) {
    problems.push(
      `Only the first ${MAX_VIDEOS} of ${ids.length} videos are listed: download bigger lists in parts.`,
    )
    ids.length = MAX_VIDEOS
  }
  const excluded = list(sp.get('off')).filter((id) => ids.includes(id))
  const formats = pick(sp.get('formats'), CAPTION_FORMATS, 'format', problems)
  const rawLangs = sp.get('langs')
  const languages =
    rawLangs === null || rawLangs === 'default'
      ? 'default'
      : pick(rawLangs, LANGUAGE_CODES, 'language', problems)
  let mode: CaptionMode = 'default'
  const rawMode = sp.get('mode')
  if (rawMode !== null) {
    const r = ModeParam.safeParse(rawMode)
    if (r.success) mode = r.data
    else problems.push(`Ignored mode "${rawMode}": use one of ${CAPTION_MODES.join(', ')}.`)
  }
  let parallel = DEFAULT_PARALLEL
  const rawParallel = sp.get('parallel')
  if (rawParallel !== null) {
    const r = ParallelParam.safeParse(rawParallel)
    if (r.success) parallel = r.data
    else problems.push(`Ignored parallel=${rawParallel}: use a whole number from 1 to ${MAX_PARALLEL}.`)
  }
  return { state: { ids, excluded, formats, languages, mode, parallel }, problems }
}

// ——— /spend ———

const PageParam = z.coerce.number().int().min(1).max(100_000)
const OperationParam = z.string().regex(/^GET \/[A-Za-z/{}]+$/)
const StateParam = z.enum(STATE_FILTERS)

/**
 * Unreadable values are dropped (the view still opens) rather than failing the page. The old `cache=HIT|MISS`
 * filter is ignored: cache hits are no longer ledger rows, and every row is a paid call.
 */
export function parseSpendSearch(params: URLSearchParams): SpendViewState {
  const page = PageParam.safeParse(params.get('page') ?? undefined)
  const operation = OperationParam.safeParse(params.get('op') ?? undefined)
  const state = StateParam.safeParse(params.get('state') ?? undefined)
  return {
    page: page.success ? page.data : 1,
    ...(operation.success ? { operation: operation.data } : {}),
    ...(state.success ? { state: state.data } : {}),
  }
}
