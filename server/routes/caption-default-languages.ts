/**
 * POST /api/caption-default-languages: each video's default caption language the function already holds, free and
 * never paid (docs/decisions/0192): a language learned from a JSON track bought without `lang`, that track in the
 * cache, or a collection's track collected without a language.
 */
import { Hono } from 'hono'
import { DefaultLanguagesBody, LANGUAGE_CODES } from '#contract/index.ts'
import type { AppEnv } from '../app-context.ts'
import type { Database } from '../db/database.ts'
import { orUnavailable } from '../db/storage-failure.ts'
import { BODY_LIMITS, limitBody } from '../security/body-limit.ts'
import type { CaptionDefaults } from '../spend/caption-default-language.ts'
import { cacheKeyOf, normaliseCall } from '../spend/cache-key.ts'
import type { ResponseCache } from '../spend/response-cache.ts'
import { validBody } from '../validation.ts'

const KNOWN: ReadonlySet<string> = new Set(LANGUAGE_CODES)

export type DefaultLanguagesDeps = {
  db: Database
  source: string
  now: () => number
  cache: ResponseCache
  captionDefaults: CaptionDefaults
}

/** The first cue's language of a cached JSON track, as the bulk download names files by it. */
function firstCueLanguage(body: string): string | undefined {
  try {
    const cues: unknown = JSON.parse(body)
    const lang = Array.isArray(cues) ? (cues[0] as { lang?: unknown } | undefined)?.lang : undefined
    return typeof lang === 'string' ? lang : undefined
  } catch {
    return undefined
  }
}

/** The cached default JSON tracks (the request without `lang`) among these videos, read without touching the service. */
async function fromCachedTracks(deps: DefaultLanguagesDeps, videoIds: readonly string[], mode: string) {
  const keys = new Map(
    videoIds.map((videoId) => [
      cacheKeyOf(
        normaliseCall({
          operation: 'GET /captions/{videoId}',
          path: `/captions/${videoId}`,
          query: { mode },
        }),
      ),
      videoId,
    ]),
  )
  // Which answers exist first, so only those bodies are read.
  const rows = await deps.db.query<{ key: string }>(
    "SELECT key FROM cache_entries WHERE source = $1 AND key = ANY($2::text[]) AND kind = 'answer' AND expires_at > $3",
    [deps.source, [...keys.keys()], deps.now()],
  )
  const found = new Map<string, string>()
  for (const { key } of rows) {
    const entry = await deps.cache.find(deps.db, key)
    const lang = entry?.kind === 'answer' ? firstCueLanguage(entry.body) : undefined
    if (lang) found.set(keys.get(key)!, lang)
  }
  return found
}

/** Tracks a collection holds that were asked without a language: their language is the video's default. */
async function fromCollectedTracks(deps: DefaultLanguagesDeps, videoIds: readonly string[], mode: string) {
  const rows = await deps.db.query<{ video_id: string; lang: string }>(
    `SELECT DISTINCT ON (t.video_id) t.video_id, t.lang FROM corpus_tracks t
     WHERE t.source = $1 AND t.mode = $2 AND t.lang_asked = '' AND t.video_id = ANY($3::text[])
       AND EXISTS (SELECT 1 FROM collection_videos v WHERE v.track_id = t.id)
     ORDER BY t.video_id, t.fetched_at DESC`,
    [deps.source, mode, videoIds],
  )
  return new Map(rows.map((r) => [r.video_id, r.lang]))
}

/** What is known, the freshest source first; only the service's language codes (they go into file names). */
async function knownDefaultLanguages(
  deps: DefaultLanguagesDeps,
  videoIds: readonly string[],
  mode: string,
): Promise<Record<string, string>> {
  const known: Record<string, string> = {}
  let rest = [...new Set(videoIds)]
  const take = (found: Map<string, string>) => {
    for (const [videoId, lang] of found) if (KNOWN.has(lang)) known[videoId] = lang
    rest = rest.filter((id) => !(id in known))
  }
  const lookups = [
    () => deps.captionDefaults.languagesOf(rest, mode),
    () => fromCachedTracks(deps, rest, mode),
    () => fromCollectedTracks(deps, rest, mode),
  ]
  for (const lookup of lookups) {
    if (rest.length === 0) break
    take(await lookup())
  }
  return known
}

export function captionDefaultLanguagesRoute(deps: DefaultLanguagesDeps) {
  return new Hono<AppEnv>().post(
    '/',
    limitBody(BODY_LIMITS.videoIdList, 'ask about at most 1,000 video ids per call.'),
    async (c) => {
      const { videoIds, mode = 'default' } = await validBody(c, DefaultLanguagesBody)
      const known = await orUnavailable(() => knownDefaultLanguages(deps, videoIds, mode))
      return c.json({ known }, 200, { 'Cache-Control': 'no-store' })
    },
  )
}
