/**
 * One purchase per caption track (docs/decisions/0128-one-purchase-per-caption-track.md): captions asked without
 * `lang` get the video's default caption language, once a JSON track asked without it has shown which language that
 * is (its cues all agree). The fact is kept per data source, video and mode in caption_default_languages, so every
 * instance resolves the same way; the answer is cached under the canonical question (with `lang`) too.
 */
import { LRUCache } from 'lru-cache'
import { LANGUAGE_CODES } from '#contract/index.ts'
import type { Database, Queryable } from '../db/database.ts'
import type { PaidCall } from '../gateway.ts'

const CAPTIONS = 'GET /captions/{videoId}'
const VIDEO_PATH_RE = /^\/captions\/([^/]+)$/
const KNOWN_LANGS: ReadonlySet<string> = new Set(LANGUAGE_CODES)

export type LearnedLanguage = {
  videoId: string
  mode: string
  lang: string
  /** The same question with its language written out: the answer is cached under it too. */
  canonical: PaidCall
}

export type CaptionDefaults = ReturnType<typeof createCaptionDefaults>

/** The call's video and mode when it asks for captions without a language; undefined otherwise. */
function withoutLang(call: PaidCall): { videoId: string; mode: string } | undefined {
  if (call.operation !== CAPTIONS || call.query.lang !== undefined) return undefined
  const videoId = VIDEO_PATH_RE.exec(call.path)?.[1]
  const mode = call.query.mode ?? 'default'
  return videoId && typeof mode === 'string' ? { videoId, mode } : undefined
}

/** The one language every cue of a JSON track names; undefined when they disagree, there are none, or it is no code the function accepts. */
export function trackLanguage(body: string, parsed?: unknown): string | undefined {
  let cues: unknown = parsed
  try {
    cues ??= JSON.parse(body)
  } catch {
    return undefined
  }
  if (!Array.isArray(cues) || cues.length === 0) return undefined
  const langs = new Set(cues.map((c) => (c as { lang?: unknown } | null)?.lang))
  const [lang] = langs
  return langs.size === 1 && typeof lang === 'string' && KNOWN_LANGS.has(lang) ? lang : undefined
}

export function createCaptionDefaults(opts: {
  db: Database
  source: string
  now: () => number
  /** How long a learned language holds (the captions' cache time): a video's default may change, slowly. */
  ttlSeconds: number
}) {
  const { db, source, now, ttlSeconds } = opts
  const known = new LRUCache<string, { lang: string; expiresAt: number }>({ max: 50_000 })
  const keyOf = (videoId: string, mode: string) => `${videoId}|${mode}`

  async function languageOf(videoId: string, mode: string): Promise<string | undefined> {
    const remembered = known.get(keyOf(videoId, mode))
    if (remembered && remembered.expiresAt > now()) return remembered.lang
    const [row] = await db.query<{ lang: string; expires_at: unknown }>(
      'SELECT lang, expires_at FROM caption_default_languages WHERE source = $1 AND video_id = $2 AND mode = $3 AND expires_at > $4',
      [source, videoId, mode, now()],
    )
    if (!row) return undefined
    known.set(keyOf(videoId, mode), { lang: row.lang, expiresAt: Number(row.expires_at) })
    return row.lang
  }

  return {
    /** The call with `lang` written out when the video's default language is known; the call itself otherwise. */
    async resolve(call: PaidCall): Promise<PaidCall> {
      const asked = withoutLang(call)
      if (!asked || ttlSeconds <= 0) return call
      const lang = await languageOf(asked.videoId, asked.mode)
      return lang ? { ...call, query: { ...call.query, lang } } : call
    },

    /** What a JSON track asked without `lang` tells: its language and the canonical question; undefined when it tells nothing. */
    learn(call: PaidCall, body: string, parsed?: unknown): LearnedLanguage | undefined {
      const asked = withoutLang(call)
      if (!asked || ttlSeconds <= 0 || (call.query.format ?? 'json') !== 'json') return undefined
      const lang = trackLanguage(body, parsed)
      if (!lang) return undefined
      return { ...asked, lang, canonical: { ...call, query: { ...call.query, lang } } }
    },

    /** Writes the learned language in the caller's transaction (the one that settles the paid call), and remembers it here. */
    async remember(tx: Queryable, learned: LearnedLanguage): Promise<void> {
      const learnedAt = now()
      const expiresAt = learnedAt + ttlSeconds * 1000
      await tx.query(
        `INSERT INTO caption_default_languages (source, video_id, mode, lang, learned_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (source, video_id, mode) DO UPDATE SET lang = EXCLUDED.lang, learned_at = EXCLUDED.learned_at, expires_at = EXCLUDED.expires_at`,
        [source, learned.videoId, learned.mode, learned.lang, learnedAt, expiresAt],
      )
      known.set(keyOf(learned.videoId, learned.mode), { lang: learned.lang, expiresAt })
    },

    /** The learned languages of these videos in `mode`, from memory or the table; never asks the service. */
    async languagesOf(videoIds: readonly string[], mode: string): Promise<Map<string, string>> {
      const found = new Map<string, string>()
      if (ttlSeconds <= 0) return found
      const rest: string[] = []
      for (const videoId of videoIds) {
        const remembered = known.get(keyOf(videoId, mode))
        if (remembered && remembered.expiresAt > now()) found.set(videoId, remembered.lang)
        else rest.push(videoId)
      }
      if (rest.length === 0) return found
      const rows = await db.query<{ video_id: string; lang: string }>(
        'SELECT video_id, lang FROM caption_default_languages WHERE source = $1 AND mode = $2 AND video_id = ANY($3::text[]) AND expires_at > $4',
        [source, mode, rest, now()],
      )
      for (const row of rows) found.set(row.video_id, row.lang)
      return found
    },

    /** Drops expired rows (at start, with the cache's eviction). */
    async evict(): Promise<void> {
      await db.query('DELETE FROM caption_default_languages WHERE expires_at <= $1', [now()])
    },

    /** Tests: forget what this instance remembers, as another instance would. */
    forgetMemory: () => known.clear(),
  }
}
