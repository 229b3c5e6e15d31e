/**
 * Loads the generated corpus into a migrated database in bulk: one collection holding every video, tracks and cues
 * in the product's tables, several videos per statement (rows passed as arrays and expanded by unnest, which both
 * engines take as one parameterised statement), the GIN index dropped before and built after the load, then each
 * track's lexeme counts (corpus_track_terms) as storeTrack writes them.
 */
import type { Database } from '#server/db/database.ts'
import { TRACK_TERMS } from '#server/collections/store-track.ts'
import { cueVector } from '#server/collections/cue-vectors/cue-vector-sql.ts'
import { refreshCorpusStatistics } from '#server/collections/corpus-maintenance.ts'
import { TERMS_PRIMARY_KEY } from '#server/db/corpus-keys.ts'
import type { CorpusGenerator, GeneratedVideo } from './corpus-generator.ts'

export const BENCH_COLLECTION_ID = 'c_benchcorp'
/** Videos per statement: about 8,000 cues, a few MB of parameters. */
const VIDEOS_PER_BATCH = 8
/** Migration 0004's index, word for word. */
const GIN_INDEX = 'CREATE INDEX corpus_cues_tsv ON corpus_cues USING gin (tsv)'
/** Migration 0007's primary key. */
const TERMS_KEY = 'corpus_track_terms_pkey'

export type LoadReport = {
  videos: number
  cues: number
  /** Time inside the database's statements (generating the text is not counted). */
  insertMs: number
  indexMs: number
  /** Filling corpus_track_terms, track by track (storeTrack's statement). */
  termsMs: number
  analyzeMs: number
  sizeBytes: number
}

export type LoadOptions = {
  videos: number
  /** Called after each batch with the videos loaded so far (progress, memory sampling). */
  onBatch?: (loaded: number) => void
  /** Memory of the cue texts for the in-memory baseline, filled as the videos are generated. */
  keep?: (video: GeneratedVideo) => void
  /** Keep the GIN index during the load instead of building it after (to compare the two orders). */
  indexFirst?: boolean
}

async function timed<T>(work: () => Promise<T>, add: (ms: number) => void): Promise<T> {
  const t0 = performance.now()
  try {
    return await work()
  } finally {
    add(performance.now() - t0)
  }
}

async function insertBatch(db: Database, batch: GeneratedVideo[], firstPosition: number): Promise<void> {
  const now = Date.now()
  const tracks = await db.query<{ id: unknown; video_id: string }>(
    `INSERT INTO corpus_tracks (source, video_id, lang_asked, mode, lang, cfg, cue_count, fetched_at, cost_micro)
     SELECT 'bench', v, '', 'default', l, c::regconfig, n, $5, 0
     FROM unnest($1::text[], $2::text[], $3::text[], $4::int[]) AS u(v, l, c, n)
     RETURNING id, video_id`,
    [
      batch.map((v) => v.videoId),
      batch.map((v) => v.lang),
      batch.map((v) => v.cfg),
      batch.map((v) => v.cues.length),
      now,
    ],
  )
  const idOf = new Map(tracks.map((t) => [t.video_id, String(t.id)]))
  await db.query(
    `INSERT INTO collection_videos (collection_id, video_id, position, title, added_at, track_state, track_id)
     SELECT $1, v, p, 'Generated video ' || v, $4, 'collected', t
     FROM unnest($2::text[], $3::bigint[], $5::int[]) AS u(v, t, p)`,
    [
      BENCH_COLLECTION_ID,
      batch.map((v) => v.videoId),
      batch.map((v) => idOf.get(v.videoId)),
      now,
      batch.map((_, i) => firstPosition + i),
    ],
  )
  const trackIds: string[] = []
  const seqs: number[] = []
  const starts: number[] = []
  const durations: number[] = []
  const texts: string[] = []
  const cfgs: string[] = []
  const music: boolean[] = []
  for (const video of batch) {
    const id = idOf.get(video.videoId)!
    video.cues.forEach((cue, seq) => {
      trackIds.push(id)
      seqs.push(seq)
      starts.push(cue.start)
      durations.push(cue.duration)
      texts.push(cue.text)
      cfgs.push(video.cfg)
      music.push(cue.sounds.length > 0)
    })
  }
  await db.query(
    `INSERT INTO corpus_cues (track_id, seq, start_s, duration_s, text, cfg, sounds, tsv)
     SELECT t, s, st, du, tx, cf::regconfig, CASE WHEN m THEN '{music}'::text[] ELSE '{}'::text[] END,
            ${cueVector('cf::regconfig', 'tx')}
     FROM unnest($1::bigint[], $2::int[], $3::float8[], $4::float8[], $5::text[], $6::text[], $7::bool[])
       AS u(t, s, st, du, tx, cf, m)`,
    [trackIds, seqs, starts, durations, texts, cfgs, music],
  )
}

/** Loads `videos` generated videos into an empty database (its migrations applied) and builds the GIN index. */
export async function loadCorpus(
  db: Database,
  generator: CorpusGenerator,
  opts: LoadOptions,
): Promise<LoadReport> {
  // Building a GIN index once over all rows is much faster than updating it row by row (decision 0149).
  await db.exec('DROP INDEX IF EXISTS corpus_cues_tsv')
  if (opts.indexFirst) await db.exec(GIN_INDEX)
  const now = Date.now()
  await db.query(
    `INSERT INTO collections (id, source, name, description, created_at, updated_at) VALUES ($1, 'bench', $2, '', $3, $3)`,
    [BENCH_COLLECTION_ID, 'Generated corpus', now],
  )
  let insertMs = 0
  let cues = 0
  for (let first = 0; first < opts.videos; first += VIDEOS_PER_BATCH) {
    const batch: GeneratedVideo[] = []
    for (let i = first; i < Math.min(opts.videos, first + VIDEOS_PER_BATCH); i++) {
      const video = generator.video(i)
      opts.keep?.(video)
      cues += video.cues.length
      batch.push(video)
    }
    await timed(
      () => insertBatch(db, batch, first),
      (ms) => (insertMs += ms),
    )
    opts.onBatch?.(first + batch.length)
  }
  let indexMs = 0
  if (!opts.indexFirst)
    await timed(
      () =>
        db.transaction(async (tx) => {
          await tx.query(`SET LOCAL maintenance_work_mem = '256MB'`)
          await tx.query(GIN_INDEX)
        }),
      (ms) => (indexMs = ms),
    )
  let termsMs = 0
  // As the GIN index: the key is built once after the rows rather than updated row by row.
  await db.exec(`ALTER TABLE corpus_track_terms DROP CONSTRAINT ${TERMS_KEY}`)
  const tracks = await db.query<{ id: unknown }>('SELECT id FROM corpus_tracks ORDER BY id')
  for (const track of tracks)
    await timed(
      () => db.query(TRACK_TERMS, [track.id]),
      (ms) => (termsMs += ms),
    )
  await timed(
    () =>
      db.transaction(async (tx) => {
        await tx.query(`SET LOCAL maintenance_work_mem = '256MB'`)
        await tx.query(`ALTER TABLE corpus_track_terms ADD CONSTRAINT ${TERMS_KEY} ${TERMS_PRIMARY_KEY}`)
      }),
    (ms) => (termsMs += ms),
  )
  let analyzeMs = 0
  // What the end of a collect job runs (corpus-maintenance.ts).
  await timed(
    () => refreshCorpusStatistics(db),
    (ms) => (analyzeMs = ms),
  )
  return {
    videos: opts.videos,
    cues,
    insertMs,
    indexMs,
    termsMs,
    analyzeMs,
    sizeBytes: await db.sizeBytes(),
  }
}
