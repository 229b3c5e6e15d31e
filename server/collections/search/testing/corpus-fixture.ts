/**
 * Test helper (never imported by production code): a database on the engine under test with the collection tables,
 * and collections built from fixtures whose tracks go through storeTrack like collected ones.
 */
import type { EngineUnderTest } from '#server/testing/postgres-cluster.ts'
import type { Database } from '#server/db/database.ts'
import { openEngineDatabase } from '#server/testing/open-engine-database.ts'
import { storeTrack } from '../../store-track.ts'

/** The design's tables (migration 0004), created only while this branch does not have that migration yet. */
const COLLECTION_TABLES = `
CREATE TABLE collections (id text PRIMARY KEY, source text NOT NULL, name text NOT NULL,
  description text NOT NULL DEFAULT '', lang text, mode text NOT NULL DEFAULT 'default',
  created_at bigint NOT NULL, updated_at bigint NOT NULL);
CREATE TABLE collection_videos (collection_id text NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
  video_id text NOT NULL, position integer NOT NULL, title text, channel_id text, channel_title text,
  published_at text, found_by jsonb NOT NULL DEFAULT '[]', added_at bigint NOT NULL,
  track_state text NOT NULL DEFAULT 'wanted', track_id bigint, failure jsonb, PRIMARY KEY (collection_id, video_id));
CREATE INDEX collection_videos_position ON collection_videos (collection_id, position);
CREATE TABLE corpus_tracks (id bigserial PRIMARY KEY, source text NOT NULL, video_id text NOT NULL,
  lang_asked text NOT NULL, mode text NOT NULL, lang text NOT NULL, cfg regconfig NOT NULL,
  cue_count integer NOT NULL, fetched_at bigint NOT NULL, cost_micro bigint NOT NULL,
  UNIQUE (source, video_id, lang_asked, mode));
CREATE TABLE corpus_cues (track_id bigint NOT NULL REFERENCES corpus_tracks(id) ON DELETE CASCADE,
  seq integer NOT NULL, start_s double precision NOT NULL, duration_s double precision NOT NULL, text text NOT NULL,
  cfg regconfig NOT NULL,
  tsv tsvector GENERATED ALWAYS AS (to_tsvector(cfg, regexp_replace(text, '\\[[^]]*\\]', ' ', 'g'))) STORED,
  sounds text[] NOT NULL DEFAULT '{}', PRIMARY KEY (track_id, seq));
CREATE INDEX corpus_cues_tsv ON corpus_cues USING gin (tsv);
`

/** A migrated database on the engine under test, closed after the test. */
export async function openCorpusDatabase(engine: EngineUnderTest): Promise<Database> {
  const db = await openEngineDatabase(engine)
  const [present] = await db.query<{ t: string | null }>("SELECT to_regclass('corpus_cues')::text AS t")
  if (!present?.t) await db.exec(COLLECTION_TABLES)
  return db
}

type FixtureCue = { text: string; offset: number; duration: number; lang?: string }
export type FixtureVideo = {
  videoId: string
  title?: string
  channelTitle?: string
  publishedAt?: string
  foundBy?: unknown[]
  /** Omitted: the video is in the collection but its track was not collected. */
  track?: { lang: string; cues: FixtureCue[]; mode?: string }
}

/** A collection with its videos; collected tracks stored through storeTrack. */
export async function createCollection(
  db: Database,
  id: string,
  videos: FixtureVideo[],
  { source = 'demo', name = `Collection ${id}` }: { source?: string; name?: string } = {},
): Promise<void> {
  await db.query(
    `INSERT INTO collections (id, source, name, description, created_at, updated_at) VALUES ($1, $2, $3, '', 1, 1)`,
    [id, source, name],
  )
  for (const [position, v] of videos.entries()) {
    const trackId = v.track
      ? await storeTrack(db, {
          source,
          videoId: v.videoId,
          langAsked: v.track.lang,
          mode: v.track.mode ?? 'default',
          costMicro: 530,
          fetchedAt: 1_764_000_000_000,
          items: v.track.cues.map((c) => ({ ...c, lang: c.lang ?? v.track!.lang })),
        })
      : null
    await db.query(
      `INSERT INTO collection_videos (collection_id, video_id, position, title, channel_title, published_at, found_by,
         added_at, track_state, track_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, 2, $8, $9)`,
      [
        id,
        v.videoId,
        position,
        v.title ?? null,
        v.channelTitle ?? null,
        v.publishedAt ?? null,
        JSON.stringify(v.foundBy ?? []),
        trackId === null ? 'wanted' : 'collected',
        trackId,
      ],
    )
  }
}
