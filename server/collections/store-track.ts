/** Stores collected caption tracks and their cleaned cues, once per data source and canonical request (corpus_tracks' unique key). */
import { binaryArray, binaryArrayLength, concatBinaryArrays } from '../db/binary-array.ts'
import { num, type Database, type Queryable } from '../db/database.ts'
import { trackText, type CueColumns, type CueItem, type TrackText } from './cue-columns.ts'
import { cueVector } from './cue-vectors/cue-vector-sql.ts'
import type { CueVectors } from './cue-vectors/cue-vector-worker.ts'
import type { TextSearchConfig } from './text-search-config.ts'

export type TrackToStore = {
  /** 'demo' or 'live:<DATA_API_URL>', as cache rows. */
  source: string
  videoId: string
  /** '' when asked without lang (the video's default). */
  langAsked: string
  mode: string
  /** What buying it cost, micro-dollars (0 when it came from the function's cache). */
  costMicro: number
  items: readonly CueItem[]
  /** The service's answer as it came (the items' JSON): what the cue worker reads, off this thread. */
  body?: string
  /** Epoch ms; now by default. */
  fetchedAt?: number
}

/** Cues per statement: a collect job's writer lets the event loop and paid calls' claims in between them (decision 0180). */
const CUES_PER_INSERT = 250

/** Each lexeme's cues in the tracks (their count, as ts_stat's ndoc, and their seqs), for one-word searches (decision 0197). */
const TERMS_OF_TRACKS = (
  tracks: string,
) => `INSERT INTO corpus_track_terms (track_id, lexeme, cues, cfg, seqs)
  SELECT c.track_id, u.lexeme, count(*), min(c.cfg::oid)::regconfig, array_agg(c.seq ORDER BY c.seq)
  FROM corpus_cues c, unnest(c.tsv) AS u WHERE c.track_id ${tracks} GROUP BY c.track_id, u.lexeme`

/** The term rows of one track, from its stored cues. */
export const TRACK_TERMS = TERMS_OF_TRACKS('= $1::bigint')

/** TRACK_TERMS for several tracks in one statement (a batch of a collect job). */
const TRACKS_TERMS = TERMS_OF_TRACKS('= ANY ($1::bigint[])')

/** The text-search configurations the database has (Postgres 15 lacks some PGlite has), read once per database. */
const installed = new WeakMap<Queryable, Promise<Set<string>>>()

function installedConfigs(db: Queryable): Promise<Set<string>> {
  let names = installed.get(db)
  if (!names) {
    names = db
      .query<{ cfgname: string }>('SELECT cfgname FROM pg_ts_config')
      .then((rows) => new Set(rows.map((r) => r.cfgname)))
    names.catch(() => installed.delete(db))
    installed.set(db, names)
  }
  return names
}

/** A track ready to insert: cleaned and laid out before any transaction holds the database. */
export type PreparedTrack = {
  key: [source: string, videoId: string, langAsked: string, mode: string]
  lang: string
  cfg: TextSearchConfig
  columns: CueColumns
  fetchedAt: number
  costMicro: number
}

/** The worker's answer when it is whole (a vector per cue, word counts alongside), else undefined. */
function whole(text: TrackText | undefined): TrackText | undefined {
  const c = text?.columns
  if (!c || (c.count && (!c.vectors || !c.terms || binaryArrayLength(c.vectors) !== c.count)))
    return undefined
  return text
}

/**
 * Cleans the track and lays its cues out as columns: in the cue worker on the embedded engine when it is running
 * (it also computes the vectors and word counts there), else on this thread, the insert computing the vectors.
 */
export async function prepareTrack(
  db: Database,
  track: TrackToStore,
  cueVectors?: CueVectors,
): Promise<PreparedTrack> {
  const configs = await installedConfigs(db)
  // Only the embedded engine shares this thread; a Postgres server computes the vectors in its own process.
  const fromWorker =
    cueVectors && db.kind === 'pglite' && track.body !== undefined
      ? whole(
          await cueVectors.track({ body: track.body, langAsked: track.langAsked, installed: [...configs] }),
        )
      : undefined
  const { lang, cfg, columns } = fromWorker ?? trackText(track.items, track.langAsked, configs)
  return {
    key: [track.source, track.videoId, track.langAsked, track.mode],
    lang,
    cfg,
    columns,
    fetchedAt: track.fetchedAt ?? Date.now(),
    costMicro: Math.round(track.costMicro),
  }
}

type TrackIdRow = { id: unknown; source: string; video_id: string; lang_asked: string; mode: string }

const keyOf = (source: unknown, videoId: unknown, langAsked: unknown, mode: unknown) =>
  JSON.stringify([source, videoId, langAsked, mode])

/** Cues written ahead of their tracks (writeCuesAhead): the id each track's cues were written under, by its key. */
export type CuesAhead = Map<string, number>

/** The keys of these tracks already stored, with their ids. */
async function storedIds(q: Queryable, tracks: readonly PreparedTrack[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>()
  if (!tracks.length) return ids
  const rows = await q.query<TrackIdRow>(
    `SELECT c.id, c.source, c.video_id, c.lang_asked, c.mode FROM corpus_tracks c
     JOIN unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS k(source, video_id, lang_asked, mode)
       ON c.source = k.source AND c.video_id = k.video_id AND c.lang_asked = k.lang_asked AND c.mode = k.mode`,
    [0, 1, 2, 3].map((i) => tracks.map((t) => t.key[i])),
  )
  for (const r of rows) ids.set(keyOf(r.source, r.video_id, r.lang_asked, r.mode), num(r.id))
  return ids
}

/** One of each key: a batch may hold one track twice (two jobs wanting it). */
const distinct = (tracks: readonly PreparedTrack[]) => [
  ...new Map(tracks.map((t) => [keyOf(...t.key), t] as const)).values(),
]

/** Each configuration's tracks in statements of up to CUES_PER_INSERT cues; `between` runs before each. */
async function insertAllCues(
  q: Queryable,
  tracks: readonly PreparedTrack[],
  idOf: (t: PreparedTrack) => number,
  between: () => Promise<void> = async () => undefined,
): Promise<void> {
  // One statement per configuration: the cast to regconfig is done once, not per cue.
  for (const cfg of new Set(tracks.map((t) => t.cfg)))
    for (const part of partsOf(tracks.filter((t) => t.cfg === cfg))) {
      await between()
      await insertCues(q, cfg, part, idOf)
    }
}

/**
 * Writes the cues of tracks not yet stored ahead of their tracks, each statement committed on its own, so no
 * transaction holds the database while a batch's cues go in and the event loop runs between statements (decision
 * 0178). The cues stay invisible (every read reaches cues through a stored track) until insertTracks, given the
 * answer, inserts their tracks; a pending row under a lease names them meanwhile, and discardCuesAhead or
 * sweepCuesAhead deletes them if that never happens.
 */
export async function writeCuesAhead(
  db: Database,
  tracks: readonly PreparedTrack[],
  lease: { worker: string; until: number },
  between?: () => Promise<void>,
): Promise<CuesAhead> {
  const stored = await storedIds(db, tracks)
  const fresh = distinct(tracks).filter((t) => !stored.has(keyOf(...t.key)))
  const ahead: CuesAhead = new Map()
  if (!fresh.length) return ahead
  const taken = await db.query<{ id: unknown }>(
    `WITH ids AS (SELECT nextval('corpus_tracks_id_seq') AS id FROM generate_series(1, $1::int))
     INSERT INTO corpus_cues_pending (track_id, worker, lease_until) SELECT id, $2, $3 FROM ids RETURNING track_id AS id`,
    [fresh.length, lease.worker, lease.until],
  )
  fresh.forEach((t, i) => ahead.set(keyOf(...t.key), num(taken[i]!.id)))
  const idOf = (t: PreparedTrack) => ahead.get(keyOf(...t.key))!
  await insertAllCues(db, fresh, idOf, between)
  return ahead
}

/** Deletes the cues written ahead under these ids, and their pending rows (a batch that could not be stored). */
export async function discardCuesAhead(q: Queryable, ids: readonly number[]): Promise<void> {
  if (!ids.length) return
  await q.query(
    `WITH gone AS (DELETE FROM corpus_cues_pending WHERE track_id = ANY ($1::bigint[]) RETURNING track_id)
     DELETE FROM corpus_cues WHERE track_id = ANY ($1::bigint[])`,
    [ids],
  )
}

/** Deletes cues written ahead whose writer's lease ran out without storing their tracks (a crash); how many tracks'. */
export async function sweepCuesAhead(db: Database, now: number): Promise<number> {
  const rows = await db.query<{ track_id: unknown }>(
    `WITH gone AS (DELETE FROM corpus_cues_pending WHERE lease_until < $1 RETURNING track_id),
          cues AS (DELETE FROM corpus_cues WHERE track_id IN (SELECT track_id FROM gone))
     SELECT track_id FROM gone`,
    [now],
  )
  return rows.length
}

/**
 * Inserts prepared tracks in the caller's transaction, several per statement (a collect job stores what its
 * fetches brought in batches); returns each track's id, in order: the existing one when already stored. With
 * `ahead` (writeCuesAhead), the cues are in already: the tracks take the ids they were written under, and a track
 * another writer stored meanwhile keeps its own, the cues written for it here deleted.
 */
export async function insertTracks(
  tx: Queryable,
  tracks: readonly PreparedTrack[],
  ahead?: CuesAhead,
): Promise<number[]> {
  if (!tracks.length) return []
  const candidates = ahead ? distinct(tracks).filter((t) => ahead.has(keyOf(...t.key))) : tracks
  const col = <T>(f: (t: PreparedTrack) => T) => candidates.map(f)
  const inserted = candidates.length
    ? await tx.query<TrackIdRow>(
        `INSERT INTO corpus_tracks (id, source, video_id, lang_asked, mode, lang, cfg, cue_count, fetched_at, cost_micro)
         SELECT coalesce(t.id, nextval('corpus_tracks_id_seq')), t.source, t.video_id, t.lang_asked, t.mode, t.lang,
                t.cfg::regconfig, t.cue_count, t.fetched_at, t.cost_micro
         FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[],
                     $9::bigint[], $10::bigint[])
              AS t(id, source, video_id, lang_asked, mode, lang, cfg, cue_count, fetched_at, cost_micro)
         ON CONFLICT (source, video_id, lang_asked, mode) DO NOTHING
         RETURNING id, source, video_id, lang_asked, mode`,
        [
          col((t) => (ahead ? ahead.get(keyOf(...t.key))! : null)),
          col((t) => t.key[0]),
          col((t) => t.key[1]),
          col((t) => t.key[2]),
          col((t) => t.key[3]),
          col((t) => t.lang),
          col((t) => t.cfg),
          col((t) => t.columns.count),
          col((t) => t.fetchedAt),
          col((t) => t.costMicro),
        ],
      )
    : []
  const ids = new Map(inserted.map((r) => [keyOf(r.source, r.video_id, r.lang_asked, r.mode), num(r.id)]))
  // A key inserted just now brings its cues once.
  const fresh = distinct(candidates).filter((t) => ids.has(keyOf(...t.key)))
  // Stored already (by this or another instance, or twice in this batch): the same track, kept as it was.
  const existing = await storedIds(
    tx,
    tracks.filter((t) => !ids.has(keyOf(...t.key))),
  )
  for (const [key, id] of existing) ids.set(key, id)
  const idOf = (t: PreparedTrack) => ids.get(keyOf(...t.key))!
  if (ahead) {
    // Cues written for a track another writer stored first go; the pending rows of the rest are done with.
    const lost = [...ahead].filter(([key, id]) => ids.get(key) !== id).map(([, id]) => id)
    if (lost.length) await discardCuesAhead(tx, lost)
    await tx.query('DELETE FROM corpus_cues_pending WHERE track_id = ANY ($1::bigint[])', [
      [...ahead.values()],
    ])
  } else await insertAllCues(tx, fresh, idOf)
  for (const cfg of new Set(fresh.map((t) => t.cfg))) {
    const counted = fresh.filter((t) => t.cfg === cfg && t.columns.terms && t.columns.count)
    if (counted.length) await insertTerms(tx, cfg, counted, idOf)
  }
  // Tracks prepared on this thread: their word counts read back from the vectors the database computed.
  const uncounted = fresh.filter((t) => !t.columns.terms && t.columns.count)
  if (uncounted.length) await tx.query(TRACKS_TERMS, [uncounted.map(idOf)])
  return tracks.map((t) => ids.get(keyOf(...t.key)) ?? 0)
}

/** Whole tracks, up to CUES_PER_INSERT cues a statement (a longer track alone). */
function partsOf(tracks: readonly PreparedTrack[]): PreparedTrack[][] {
  const parts: PreparedTrack[][] = []
  let cues = Infinity
  for (const t of tracks) {
    if (cues + t.columns.count > CUES_PER_INSERT) {
      parts.push([])
      cues = 0
    }
    parts.at(-1)!.push(t)
    cues += t.columns.count
  }
  return parts
}

async function insertCues(
  tx: Queryable,
  cfg: TextSearchConfig,
  tracks: readonly PreparedTrack[],
  idOf: (t: PreparedTrack) => number,
): Promise<void> {
  const column = (f: (c: CueColumns) => Uint8Array) => concatBinaryArrays(tracks.map((t) => f(t.columns)))
  const vectors = tracks.every((t) => t.columns.vectors) ? column((c) => c.vectors!) : null
  await tx.query(
    // Without the cue worker's vectors (a Postgres server, or the worker not running) the database computes them.
    `INSERT INTO corpus_cues (track_id, seq, start_s, duration_s, text, cfg, sounds, tsv)
     SELECT c.track_id, c.seq, c.start_s, c.duration_s, c.text, $2::regconfig,
            CASE WHEN c.sounds = '' THEN '{}'::text[] ELSE string_to_array(c.sounds, E'\\x1f') END,
            coalesce(c.tsv, ${cueVector('$2::regconfig', 'c.text')})
     FROM unnest($1::bigint[], $3::int[], $4::float8[], $5::float8[], $6::text[], $7::text[], $8::tsvector[])
          AS c(track_id, seq, start_s, duration_s, text, sounds, tsv)`,
    [
      binaryArray.int8(tracks.flatMap((t) => Array<number>(t.columns.count).fill(idOf(t)))),
      cfg,
      column((c) => c.seq),
      column((c) => c.start),
      column((c) => c.duration),
      column((c) => c.text),
      column((c) => c.sounds),
      vectors,
    ],
  )
}

/** The word counts the cue worker computed from the same vectors (each lexeme's number of cues, as ts_stat's ndoc). */
async function insertTerms(
  tx: Queryable,
  cfg: TextSearchConfig,
  tracks: readonly PreparedTrack[],
  idOf: (t: PreparedTrack) => number,
): Promise<void> {
  await tx.query(
    // Every lexeme's seqs are one run of the flat array, in the lexemes' order: the run ends at the counts' running sum.
    `INSERT INTO corpus_track_terms (track_id, lexeme, cues, cfg, seqs)
     SELECT u.track_id, u.lexeme, u.cues, $4::regconfig, ($5::int4[])[u.upto - u.cues + 1 : u.upto]
     FROM (SELECT t.*, sum(t.cues) OVER (ORDER BY t.n) AS upto
           FROM unnest($1::bigint[], $2::text[], $3::int[]) WITH ORDINALITY AS t(track_id, lexeme, cues, n)) AS u`,
    [
      binaryArray.int8(
        tracks.flatMap((t) => Array<number>(binaryArrayLength(t.columns.terms!.lexemes)).fill(idOf(t))),
      ),
      concatBinaryArrays(tracks.map((t) => t.columns.terms!.lexemes)),
      concatBinaryArrays(tracks.map((t) => t.columns.terms!.cues)),
      cfg,
      concatBinaryArrays(tracks.map((t) => t.columns.terms!.seqs)),
    ],
  )
}

/** Cleans and inserts the track and its cues in one transaction; returns the track's id (the existing one when already stored). */
export async function storeTrack(db: Database, track: TrackToStore): Promise<number> {
  const prepared = await prepareTrack(db, track)
  const [id] = await db.transaction((tx) => insertTracks(tx, [prepared]))
  return id!
}
