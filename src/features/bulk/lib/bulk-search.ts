/** The bulk view's URL state: which videos, which are left out, formats, languages, mode, parallel requests. */
import {
  CAPTION_FORMATS,
  CAPTION_MODES,
  LANGUAGE_CODES,
  VIDEO_ID_RE,
  type CaptionFormat,
  type CaptionMode,
  type LanguageCode,
} from '#contract/index.ts'
import type { LanguageChoice } from './plan.ts'

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
  languages: LanguageChoice
  mode: CaptionMode
  parallel: number
}

export const DEFAULT_BULK_STATE: BulkState = { ids: [], excluded: [], formats: [], languages: 'default', mode: 'default', parallel: DEFAULT_PARALLEL }

const list = (raw: string | null): string[] => (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean)

function pick<T extends string>(raw: string | null, allowed: readonly T[], name: string, problems: string[]): T[] {
  const chosen: T[] = []
  for (const v of list(raw)) {
    if ((allowed as readonly string[]).includes(v)) {
      if (!chosen.includes(v as T)) chosen.push(v as T)
    } else problems.push(`Ignored ${name} "${v}": not one of ${allowed.length > 12 ? 'the service’s codes' : allowed.join(', ')}.`)
  }
  return chosen
}

export function parseBulkSearch(sp: URLSearchParams): { state: BulkState; problems: string[] } {
  const problems: string[] = []
  const ids: string[] = []
  for (const id of list(sp.get('ids'))) {
    if (!VIDEO_ID_RE.test(id)) problems.push(`Ignored "${id.slice(0, 40)}" in ids: video ids are 11 letters, digits, - or _.`)
    else if (!ids.includes(id)) ids.push(id)
  }
  if (ids.length > MAX_VIDEOS) {
    problems.push(`Only the first ${MAX_VIDEOS} of ${ids.length} videos are listed: download bigger lists in parts.`)
    ids.length = MAX_VIDEOS
  }
  const excluded = list(sp.get('off')).filter((id) => ids.includes(id))
  const formats = pick(sp.get('formats'), CAPTION_FORMATS, 'format', problems)
  const rawLangs = sp.get('langs')
  const languages: LanguageChoice = rawLangs === null || rawLangs === 'default' ? 'default' : pick<LanguageCode>(rawLangs, LANGUAGE_CODES, 'language', problems)
  let mode: CaptionMode = 'default'
  const rawMode = sp.get('mode')
  if (rawMode !== null) {
    if ((CAPTION_MODES as readonly string[]).includes(rawMode)) mode = rawMode as CaptionMode
    else problems.push(`Ignored mode "${rawMode}": use one of ${CAPTION_MODES.join(', ')}.`)
  }
  let parallel = DEFAULT_PARALLEL
  const rawParallel = sp.get('parallel')
  if (rawParallel !== null) {
    const n = Number(rawParallel)
    if (Number.isInteger(n) && n >= 1 && n <= MAX_PARALLEL) parallel = n
    else problems.push(`Ignored parallel=${rawParallel}: use a whole number from 1 to ${MAX_PARALLEL}.`)
  }
  return { state: { ids, excluded, formats, languages, mode, parallel }, problems }
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

export function selectedIds(state: Pick<BulkState, 'ids' | 'excluded'>): string[] {
  const off = new Set(state.excluded)
  return state.ids.filter((id) => !off.has(id))
}
