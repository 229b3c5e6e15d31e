/** /videos' URLs: their state, builders and parser in one module, so a parameter is added in one place. */
import { z } from 'zod'
import { CAPTION_MODES, LANGUAGE_CODES, type CaptionMode, type LanguageCode } from '#contract/enums.ts'
import { VIDEO_ID_RE } from '#contract/identifiers.ts'
import { parseTimeParam } from '#contract/paste.ts'
import { COLLECTION_ID_RE } from './collections.ts'
import { ROUTES, seg, withQuery } from './routes.ts'

// ——— /videos, /videos/:videoId?lang=&mode=&t=&q=&collection= ———

export type StudioState = {
  /** Undefined: the video's default caption language. */
  lang?: LanguageCode
  mode: CaptionMode
  /** Where playback starts, in seconds. */
  t?: number
  /** Search within the transcript. */
  q: string
  /** A collection whose codes the studio applies (coding mode). */
  collection?: string
}

export type ParsedStudioSearch = { state: StudioState; problems: string[] }

/** The query of a (partial) studio state: only what is given, t in whole seconds. */
function studioQuery(state: Partial<StudioState>): string {
  const p = new URLSearchParams()
  if (state.lang) p.set('lang', state.lang)
  if (state.mode) p.set('mode', state.mode)
  if (state.t !== undefined) p.set('t', String(Math.max(0, Math.floor(state.t))))
  if (state.q) p.set('q', state.q)
  if (state.collection) p.set('collection', state.collection)
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

export const videosPath = () => ROUTES.videos

export const videoPath = (videoId: string, state: Partial<StudioState> = {}) =>
  withQuery(`${ROUTES.videos}/${seg(videoId)}`, studioQuery(state))

const LangParam = z.enum(LANGUAGE_CODES)
export const ModeParam = z.enum(CAPTION_MODES)
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
  const collection = search.get('collection')
  if (collection) {
    if (COLLECTION_ID_RE.test(collection)) state.collection = collection
    else
      problems.push(
        `collection "${collection.slice(0, 40)}" is not a collection id (c_ and 10 letters or digits); coding is off.`,
      )
  }
  return { state, problems }
}
