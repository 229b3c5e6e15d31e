/** Stores one collected caption track and its cleaned cues, once per data source and canonical request (corpus_tracks' unique key). */
import type { CaptionItem } from '#contract/schemas.ts'
import { num, type Database, type Queryable } from '../db/database.ts'
import { cleanCues } from './clean-text.ts'
import { textSearchConfig, type TextSearchConfig } from './text-search-config.ts'

export type TrackToStore = {
  /** 'demo' or 'live:<DATA_API_URL>', as cache rows. */
  source: string
  videoId: string
  /** '' when asked without lang (the video's default). */
  langAsked: string
  mode: string
  /** What buying it cost, micro-dollars (0 when it came from the function's cache). */
  costMicro: number
  items: readonly Pick<CaptionItem, 'text' | 'offset' | 'duration' | 'lang'>[]
  /** Epoch ms; now by default. */
  fetchedAt?: number
}

/** One statement per this many cues keeps each parameter array small on both engines. */
const CUES_PER_INSERT = 5000

/** Each lexeme's cue count in the track, for single-word totals (docs/decisions/0151). */
export const TRACK_TERMS = `INSERT INTO corpus_track_terms (track_id, lexeme, cues)
  SELECT $1::bigint, s.word, s.ndoc FROM ts_stat('SELECT tsv FROM corpus_cues WHERE track_id = ' || $1::bigint) AS s`

/** Postgres 15 lacks some configurations PGlite (18) has: a missing one falls back to `simple`, never to an error. */
const installed = new WeakMap<Queryable, Promise<Set<string>>>()

async function configFor(db: Database, lang: string): Promise<TextSearchConfig> {
  let names = installed.get(db)
  if (!names) {
    names = db
      .query<{ cfgname: string }>('SELECT cfgname FROM pg_ts_config')
      .then((rows) => new Set(rows.map((r) => r.cfgname)))
    names.catch(() => installed.delete(db))
    installed.set(db, names)
  }
  const wanted = textSearchConfig(lang)
  return (await names).has(wanted) ? wanted : 'simple'
}

/** The language the cues say they are in; the asked one when they say nothing. */
function receivedLanguage(track: TrackToStore): string {
  return track.items.find((i) => i.lang)?.lang ?? (track.langAsked || 'und')
}

/** Cleans and inserts the track and its cues in one transaction; returns the track's id (the existing one when already stored). */
export async function storeTrack(db: Database, track: TrackToStore): Promise<number> {
  const lang = receivedLanguage(track)
  const cfg = await configFor(db, lang)
  const cues = cleanCues(track.items)
  const key = [track.source, track.videoId, track.langAsked, track.mode]
  return db.transaction(async (tx) => {
    const [inserted] = await tx.query<{ id: unknown }>(
      `INSERT INTO corpus_tracks (source, video_id, lang_asked, mode, lang, cfg, cue_count, fetched_at, cost_micro)
       VALUES ($1, $2, $3, $4, $5, $6::regconfig, $7, $8, $9)
       ON CONFLICT (source, video_id, lang_asked, mode) DO NOTHING RETURNING id`,
      [...key, lang, cfg, cues.length, track.fetchedAt ?? Date.now(), Math.round(track.costMicro)],
    )
    if (!inserted) {
      // Stored already (by this or another instance): the same track, kept as it was.
      const [existing] = await tx.query<{ id: unknown }>(
        'SELECT id FROM corpus_tracks WHERE source = $1 AND video_id = $2 AND lang_asked = $3 AND mode = $4',
        key,
      )
      return num(existing?.id)
    }
    const id = num(inserted.id)
    for (let from = 0; from < cues.length; from += CUES_PER_INSERT) {
      const part = cues.slice(from, from + CUES_PER_INSERT)
      await tx.query(
        `INSERT INTO corpus_cues (track_id, seq, start_s, duration_s, text, cfg, sounds)
         SELECT $1, c.seq, c.start_s, c.duration_s, c.text, $2::regconfig,
                CASE WHEN c.sounds = '' THEN '{}'::text[] ELSE string_to_array(c.sounds, E'\\x1f') END
         FROM unnest($3::int[], $4::float8[], $5::float8[], $6::text[], $7::text[])
              AS c(seq, start_s, duration_s, text, sounds)`,
        [
          id,
          cfg,
          part.map((c) => c.seq),
          part.map((c) => c.start),
          part.map((c) => c.duration),
          part.map((c) => c.text),
          // Unit separator between names: a marker's name holds no control character (cleaning removed them).
          part.map((c) => c.sounds.join('\u001f')),
        ],
      )
    }
    await tx.query(TRACK_TERMS, [id])
    return id
  })
}
