/** The route table's parser for /videos/:videoId (docs/decisions/0123-typed-addresses.md): tolerant, each bad value named. */
import { z } from 'zod'
import { CAPTION_MODES, LANGUAGE_CODES } from '#contract/enums.ts'
import { VIDEO_ID_RE } from '#contract/identifiers.ts'
import { parseTimeParam } from '#contract/paste.ts'
import { COLLECTION_ID_RE } from '../paths/collections.ts'
import type { ParsedStudioSearch, StudioState } from '../paths/videos.ts'

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
