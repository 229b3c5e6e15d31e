/** The route table's builders for /videos (docs/decisions/0123-typed-addresses.md); its parser is in paths-parse/. */
import type { CaptionMode, LanguageCode } from '#contract/enums.ts'
import { ROUTES, seg, withQuery } from '../routes.ts'

// ——— /videos, /videos/:videoId?lang=&mode=&t=&q=&collection= ———

export type StudioState = {
  /** Undefined: the video's default caption language. */
  lang?: LanguageCode
  mode: CaptionMode
  /** Where playback starts, in seconds. */
  t?: number
  /** Search within the transcript. */
  q: string
  /** A collection whose codes the studio applies (coding mode, issue 17). */
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
