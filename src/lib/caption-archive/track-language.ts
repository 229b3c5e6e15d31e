/** The language a JSON caption track is actually in, read from its items (the service names it on every item). */
import { CaptionItems, LANGUAGE_CODES } from '#contract/index.ts'

const KNOWN: ReadonlySet<string> = new Set(LANGUAGE_CODES)

/** `und` (BCP 47 "undetermined") names files whose track had no items or no recognised language. */
export const UNDETERMINED_LANGUAGE = 'und'

/** Names a file asked for in the video's default language without learning which it is: `<id>.default.srt`. */
export const DEFAULT_TRACK = 'default'

/** The first item's `lang` when it is one of the service's language codes; undefined for an empty, malformed or unknown track. */
export function languageOfJsonTrack(bytes: Uint8Array): string | undefined {
  let json: unknown
  try {
    json = JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    return undefined
  }
  const items = CaptionItems.safeParse(json)
  const lang = items.success ? items.data[0]?.lang : undefined
  // Service data becomes part of a file name: only codes we know are safe there.
  return lang !== undefined && KNOWN.has(lang) ? lang : undefined
}
