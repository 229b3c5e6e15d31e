/** /bulk's URL: its state, builder and parser in one module, so a parameter is added in one place. */
import { z } from 'zod'
import {
  CAPTION_FORMATS,
  CAPTION_MODES,
  LANGUAGE_CODES,
  type CaptionFormat,
  type CaptionMode,
  type LanguageCode,
} from '#contract/enums.ts'
import type { FileSource } from '../captions/convertible.ts'
import { ROUTES } from './routes.ts'
import { ModeParam, VideoIdParam } from './videos.ts'

// ——— /bulk?ids=<id,id,…>&off=&formats=&langs=&mode=&files=&parallel= ———

/** More would make a URL too long to share and a run of thousands of requests; split bigger lists. */
export const MAX_VIDEOS = 500
export const MAX_PARALLEL = 8
const DEFAULT_PARALLEL = 4

export type BulkState = {
  /** The candidate videos, in the order they were added. */
  ids: string[]
  /** Listed but unticked. */
  excluded: string[]
  formats: CaptionFormat[]
  /** `default`: each video's default caption language. */
  languages: 'default' | readonly LanguageCode[]
  mode: CaptionMode
  /** `converted`: buy each JSON track once and write the convertible formats from it. */
  files: FileSource
  parallel: number
}

export const DEFAULT_BULK_STATE: BulkState = {
  ids: [],
  excluded: [],
  formats: [],
  languages: 'default',
  mode: 'default',
  files: 'exact',
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
  if (state.files !== 'exact') parts.push(['files', state.files])
  if (state.parallel !== DEFAULT_PARALLEL) parts.push(['parallel', String(state.parallel)])
  const query = parts.map(([k, v]) => `${k}=${encodeURIComponent(v).replace(/%2C/g, ',')}`).join('&')
  return query ? `?${query}` : ''
}

/** The one place `/bulk?ids=` is written. */
export const bulkPath = (state: Partial<BulkState> = {}) =>
  `${ROUTES.bulk}${bulkSearchString({ ...DEFAULT_BULK_STATE, ...state })}`

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
  const rawFiles = sp.get('files')
  const files = rawFiles === 'converted' ? 'converted' : 'exact'
  if (rawFiles !== null && rawFiles !== files)
    problems.push(`Ignored files=${rawFiles}: use converted or exact.`)
  let parallel = DEFAULT_PARALLEL
  const rawParallel = sp.get('parallel')
  if (rawParallel !== null) {
    const r = ParallelParam.safeParse(rawParallel)
    if (r.success) parallel = r.data
    else problems.push(`Ignored parallel=${rawParallel}: use a whole number from 1 to ${MAX_PARALLEL}.`)
  }
  return { state: { ids, excluded, formats, languages, mode, files, parallel }, problems }
}
