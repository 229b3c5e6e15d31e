/** The caption studio's state lives in its URL: `/videos/<id>?lang=en&mode=default&t=83&q=never`. */
import {
  CAPTION_MODES,
  LANGUAGE_CODES,
  parseTimeParam,
  type CaptionMode,
  type LanguageCode,
} from '#contract/index.ts'

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

const isLang = (s: string): s is LanguageCode => (LANGUAGE_CODES as readonly string[]).includes(s)
const isMode = (s: string): s is CaptionMode => (CAPTION_MODES as readonly string[]).includes(s)

/** Bad parameters are dropped and named in `problems`, so the view still opens with defaults. */
export function parseStudioSearch(search: URLSearchParams): ParsedStudioSearch {
  const problems: string[] = []
  const state: StudioState = { mode: 'default', q: search.get('q') ?? '' }
  const lang = search.get('lang')
  if (lang) {
    if (isLang(lang)) state.lang = lang
    else
      problems.push(
        `lang "${lang}" is not a language code the service knows (e.g. en, es-419, zh-Hans); the video's default language is shown.`,
      )
  }
  const mode = search.get('mode')
  if (mode) {
    if (isMode(mode)) state.mode = mode
    else problems.push(`mode "${mode}" is not one of ${CAPTION_MODES.join(', ')}; default is used.`)
  }
  const t = search.get('t')
  if (t) {
    const seconds = parseTimeParam(t)
    if (seconds !== undefined && seconds >= 0) state.t = seconds
    else
      problems.push(
        `t "${t}" is not a time (use seconds like 83, or 1m23s); playback starts at the beginning.`,
      )
  }
  return { state, problems }
}

/** The search string for a state; mode is always written so a shared link says which captions it shows. */
export function studioSearch(state: StudioState): string {
  const p = new URLSearchParams()
  if (state.lang) p.set('lang', state.lang)
  p.set('mode', state.mode)
  if (state.t !== undefined) p.set('t', String(Math.max(0, Math.floor(state.t))))
  if (state.q) p.set('q', state.q)
  return `?${p.toString()}`
}

/** The current page's URL with `t=` set to this moment (whole seconds, like the platform's links). */
export function momentUrl(currentHref: string, seconds: number): string {
  const url = new URL(currentHref)
  url.searchParams.set('t', String(Math.max(0, Math.floor(seconds))))
  return url.toString()
}
