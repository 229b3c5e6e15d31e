/** Stores collected caption tracks and their cleaned cues, once per data source and canonical request (corpus_tracks' unique key). */
import type { CaptionItem } from '#contract/schemas.ts'
import { binaryArray } from '../db/binary-array.ts'
import { num, type Database, type Queryable } from '../db/database.ts'
import { cleanCues, type CleanCue } from './clean-text.ts'
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
export const TRACK_TERMS = `INSERT INTO corpus_track_terms (track_id, lexeme, cues, cfg)
  SELECT $1::bigint, s.word, s.ndoc, (SELECT cfg FROM corpus_tracks WHERE id = $1::bigint)
  FROM ts_stat('SELECT tsv FROM corpus_cues WHERE track_id = ' || $1::bigint) AS s`

/** TRACK_TERMS for several tracks in one statement (a batch of a collect job). */
const TRACKS_TERMS = `INSERT INTO corpus_track_terms (track_id, lexeme, cues, cfg)
  SELECT t.id, s.word, s.ndoc, t.cfg
  FROM corpus_tracks t, LATERAL ts_stat('SELECT tsv FROM corpus_cues WHERE track_id = ' || t.id) AS s
  WHERE t.id = ANY ($1::bigint[])`

/** Postgres 15 lacks some configurations PGlite (18) has: a missing one falls back to `simple`, never to an error. */
const installed = new WeakMap<Queryable, Promise<Set<string>>>()

async function configFor(db: Queryable, lang: string): Promise<TextSearchConfig> {
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

/** A track cleaned and ready to insert: cleaning is plain JavaScript, done before any transaction holds the database. */
export type PreparedTrack = {
  key: [source: string, videoId: string, langAsked: string, mode: string]
  lang: string
  cfg: TextSearchConfig
  cues: CleanCue[]
  fetchedAt: number
  costMicro: number
}

export async function prepareTrack(db: Database, track: TrackToStore): Promise<PreparedTrack> {
  const lang = receivedLanguage(track)
  return {
    key: [track.source, track.videoId, track.langAsked, track.mode],
    lang,
    cfg: await configFor(db, lang),
    cues: cleanCues(track.items),
    fetchedAt: track.fetchedAt ?? Date.now(),
    costMicro: Math.round(track.costMicro),
  }
}

type TrackIdRow = { id: unknown; source: string; video_id: string; lang_asked: string; mode: string }

const keyOf = (source: unknown, videoId: unknown, langAsked: unknown, mode: unknown) =>
  JSON.stringify([source, videoId, langAsked, mode])

/**
 * Inserts prepared tracks in the caller's transaction, several per statement (a collect job stores what its
 * fetches brought in batches); returns each track's id, in order: the existing one when already stored.
 */
export async function insertTracks(tx: Queryable, tracks: readonly PreparedTrack[]): Promise<number[]> {
  if (!tracks.length) return []
  const col = <T>(f: (t: PreparedTrack) => T) => tracks.map(f)
  const inserted = await tx.query<TrackIdRow>(
    `INSERT INTO corpus_tracks (source, video_id, lang_asked, mode, lang, cfg, cue_count, fetched_at, cost_micro)
     SELECT t.source, t.video_id, t.lang_asked, t.mode, t.lang, t.cfg::regconfig, t.cue_count, t.fetched_at, t.cost_micro
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::bigint[], $9::bigint[])
          AS t(source, video_id, lang_asked, mode, lang, cfg, cue_count, fetched_at, cost_micro)
     ON CONFLICT (source, video_id, lang_asked, mode) DO NOTHING
     RETURNING id, source, video_id, lang_asked, mode`,
    [
      col((t) => t.key[0]),
      col((t) => t.key[1]),
      col((t) => t.key[2]),
      col((t) => t.key[3]),
      col((t) => t.lang),
      col((t) => t.cfg),
      col((t) => t.cues.length),
      col((t) => t.fetchedAt),
      col((t) => t.costMicro),
    ],
  )
  const ids = new Map(inserted.map((r) => [keyOf(r.source, r.video_id, r.lang_asked, r.mode), num(r.id)]))
  // A key inserted just now brings its cues once (a batch may hold one track twice: two jobs wanting it).
  const fresh = [...new Map(tracks.map((t) => [keyOf(...t.key), t] as const)).values()].filter((t) =>
    ids.has(keyOf(...t.key)),
  )
  const stored = tracks.filter((t) => !ids.has(keyOf(...t.key)))
  if (stored.length) {
    // Stored already (by this or another instance, or twice in this batch): the same track, kept as it was.
    const existing = await tx.query<TrackIdRow>(
      `SELECT c.id, c.source, c.video_id, c.lang_asked, c.mode FROM corpus_tracks c
       JOIN unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS k(source, video_id, lang_asked, mode)
         ON c.source = k.source AND c.video_id = k.video_id AND c.lang_asked = k.lang_asked AND c.mode = k.mode`,
      [0, 1, 2, 3].map((i) => stored.map((t) => t.key[i])),
    )
    for (const r of existing) ids.set(keyOf(r.source, r.video_id, r.lang_asked, r.mode), num(r.id))
  }
  // One statement per configuration: the cast to regconfig is done once, not per cue.
  for (const cfg of new Set(fresh.map((t) => t.cfg)))
    await insertCues(
      tx,
      cfg,
      fresh
        .filter((t) => t.cfg === cfg)
        .flatMap((t) => t.cues.map((cue) => ({ trackId: ids.get(keyOf(...t.key))!, cue }))),
    )
  if (fresh.length) await tx.query(TRACKS_TERMS, [fresh.map((t) => ids.get(keyOf(...t.key)))])
  return tracks.map((t) => ids.get(keyOf(...t.key)) ?? 0)
}

type CueRow = { trackId: number; cue: CleanCue }

async function insertCues(tx: Queryable, cfg: TextSearchConfig, rows: readonly CueRow[]): Promise<void> {
  for (let from = 0; from < rows.length; from += CUES_PER_INSERT) {
    const part = rows.slice(from, from + CUES_PER_INSERT)
    await tx.query(
      `INSERT INTO corpus_cues (track_id, seq, start_s, duration_s, text, cfg, sounds)
       SELECT c.track_id, c.seq, c.start_s, c.duration_s, c.text, $2::regconfig,
              CASE WHEN c.sounds = '' THEN '{}'::text[] ELSE string_to_array(c.sounds, E'\\x1f') END
       FROM unnest($1::bigint[], $3::int[], $4::float8[], $5::float8[], $6::text[], $7::text[])
            AS c(track_id, seq, start_s, duration_s, text, sounds)`,
      [
        binaryArray.int8(part.map((r) => r.trackId)),
        cfg,
        binaryArray.int4(part.map((r) => r.cue.seq)),
        binaryArray.float8(part.map((r) => r.cue.start)),
        binaryArray.float8(part.map((r) => r.cue.duration)),
        binaryArray.text(part.map((r) => r.cue.text)),
        // Unit separator between names: a marker's name holds no control character (cleaning removed them).
        binaryArray.text(part.map((r) => r.cue.sounds.join('\u001f'))),
      ],
    )
  }
}

/** Cleans and inserts the track and its cues in one transaction; returns the track's id (the existing one when already stored). */
export async function storeTrack(db: Database, track: TrackToStore): Promise<number> {
  const prepared = await prepareTrack(db, track)
  const [id] = await db.transaction((tx) => insertTracks(tx, [prepared]))
  return id!
}
