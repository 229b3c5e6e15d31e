/** Which track a caption request gets (spec 4.2 modes), generated once and memoised. */
import type { CaptionMode, LanguageCode } from '#contract/index.ts'
import type { CaptionSubject, Cue, TrackSource } from '../types.ts'
import { generateCues, translateCues } from './cue-generator.ts'
import { trackLanguageName } from './language-names.ts'
import { createLruCache } from './lru-cache.ts'

export type CaptionTrackResult =
  | { ok: true; lang: string; source: TrackSource; languageName: string; cues: Cue[] }
  | { ok: false; status: 404; message: string }

/** Tracks are a few hundred KB at most; 200 of them bound the memory while repeated requests stay cheap. */
const trackCache = createLruCache<Cue[]>(200)

/**
 * The track for `lang` (undefined: the video's default, i.e. first, track) under `mode`.
 * Native tracks match the code exactly (`en` does not match `en-GB`).
 * `fallback-whisper` transcribes only videos WITHOUT any captions; when other languages exist it answers 404
 * like `default` (the spec says "when no captions are available"; see docs/decisions/0036).
 * The returned `cues` array is shared with the cache: callers must not mutate it.
 */
export function captionTrack(
  subject: CaptionSubject,
  lang: LanguageCode | undefined,
  mode: CaptionMode,
): CaptionTrackResult {
  const defaultTrack = subject.tracks[0]
  if (mode === 'force-whisper') return whisperTrack(subject, lang ?? defaultTrack?.lang ?? 'en')
  if (defaultTrack === undefined) {
    if (mode === 'fallback-whisper') return whisperTrack(subject, lang ?? 'en')
    return notFound(
      `This video has no captions${lang ? ` in ${lang}` : ''}; mode=fallback-whisper or mode=force-whisper transcribes its audio.`,
    )
  }
  const wanted = lang ?? defaultTrack.lang
  const native = subject.tracks.find((track) => track.lang === wanted)
  if (native !== undefined) return nativeTrack(subject, native.lang, native.source)
  if (mode === 'fallback-auto-translated')
    return translatedTrack(subject, wanted, defaultTrack.lang, defaultTrack.source)
  const available = subject.tracks.map((track) => track.lang).join(', ')
  const hint =
    mode === 'fallback-whisper'
      ? 'fallback-whisper transcribes only videos without any captions; use mode=fallback-auto-translated or mode=force-whisper.'
      : 'Use mode=fallback-auto-translated or mode=force-whisper.'
  return notFound(`No captions in ${wanted} for this video; available: ${available}. ${hint}`)
}

function nativeTrack(subject: CaptionSubject, lang: string, source: 'manual' | 'asr'): CaptionTrackResult {
  const cues = trackCache.getOrCreate(cacheKey(subject, lang, source), () =>
    generateCues({ videoId: subject.videoId, lang, durationSec: subject.durationSec }, source),
  )
  return { ok: true, lang, source, languageName: trackLanguageName(lang, source), cues }
}

function translatedTrack(
  subject: CaptionSubject,
  lang: string,
  fromLang: string,
  fromSource: 'manual' | 'asr',
): CaptionTrackResult {
  const base = nativeTrack(subject, fromLang, fromSource)
  if (!base.ok) return base
  const cues = trackCache.getOrCreate(cacheKey(subject, lang, `translated:${fromLang}:${fromSource}`), () =>
    translateCues(
      base.cues,
      { videoId: subject.videoId, lang, durationSec: subject.durationSec },
      fromSource,
    ),
  )
  return {
    ok: true,
    lang,
    source: 'translated',
    languageName: trackLanguageName(lang, 'translated', fromLang),
    cues,
  }
}

function whisperTrack(subject: CaptionSubject, lang: string): CaptionTrackResult {
  const cues = trackCache.getOrCreate(cacheKey(subject, lang, 'whisper'), () =>
    generateCues({ videoId: subject.videoId, lang, durationSec: subject.durationSec }, 'whisper'),
  )
  return { ok: true, lang, source: 'whisper', languageName: trackLanguageName(lang, 'whisper'), cues }
}

/** Everything the generated cues depend on, so a changed subject never gets a stale track. */
function cacheKey(subject: CaptionSubject, lang: string, kind: string): string {
  return `${subject.videoId}\u0000${subject.durationSec}\u0000${lang}\u0000${kind}`
}

function notFound(message: string): CaptionTrackResult {
  return { ok: false, status: 404, message }
}
