/** The route table's builders for /bulk (docs/decisions/0123-typed-addresses.md); its parser is in paths-parse/. */
import type { CaptionFormat, CaptionMode, LanguageCode } from '#contract/enums.ts'
import type { FileSource } from '../captions/convertible.ts'
import { ROUTES } from '../routes.ts'

// ——— /bulk?ids=<id,id,…>&off=&formats=&langs=&mode=&files=&parallel= ———

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
