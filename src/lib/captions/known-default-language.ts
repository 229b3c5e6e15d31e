/** What the browser already knows of a video's default caption language, from a JSON track it holds. */
import type { QueryClient } from '@tanstack/react-query'
import { LANGUAGE_CODES, type CaptionMode, type LanguageCode } from '#contract/index.ts'

/** The key of a video's JSON caption track query (`lang` undefined: its default language), shared with the studio. */
export const captionTrackQueryKey = (videoId: string, lang: string | undefined, mode: CaptionMode) =>
  ['captions', 'track', videoId, { lang, mode }] as const

const KNOWN: ReadonlySet<string> = new Set(LANGUAGE_CODES)

/** Each video whose default track (in `mode`) the browser holds, with that track's language. */
export function knownDefaultLanguages(
  queryClient: QueryClient,
  videoIds: readonly string[],
  mode: CaptionMode,
): Record<string, LanguageCode> {
  const known: Record<string, LanguageCode> = {}
  for (const videoId of videoIds) {
    const track = queryClient.getQueryData<{ data: readonly { lang?: string }[] }>(
      captionTrackQueryKey(videoId, undefined, mode),
    )
    const lang = track?.data[0]?.lang
    if (lang !== undefined && KNOWN.has(lang)) known[videoId] = lang as LanguageCode
  }
  return known
}
