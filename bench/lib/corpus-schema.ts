/**
 * The corpus tables of the shared design (migration 0004-collections, issue 15), created here only when the
 * database's own migrations do not have them yet; the GIN index is left to the loader, which builds it after
 * the bulk load (docs/decisions/0149-bench-corpus.md).
 */
import type { Queryable } from '#server/db/database.ts'

const DESIGN_TABLES = `
CREATE TABLE collections (
  id text PRIMARY KEY, source text NOT NULL, name text NOT NULL, description text NOT NULL DEFAULT '',
  lang text, mode text NOT NULL DEFAULT 'default', created_at bigint NOT NULL, updated_at bigint NOT NULL
);
CREATE TABLE collection_videos (
  collection_id text NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
  video_id text NOT NULL, position integer NOT NULL,
  title text, channel_id text, channel_title text, published_at text,
  found_by jsonb NOT NULL DEFAULT '[]', added_at bigint NOT NULL,
  track_state text NOT NULL DEFAULT 'wanted' CHECK (track_state IN ('wanted','collected','unavailable','failed')),
  track_id bigint, failure jsonb,
  PRIMARY KEY (collection_id, video_id)
);
CREATE TABLE corpus_tracks (
  id bigserial PRIMARY KEY, source text NOT NULL, video_id text NOT NULL, lang_asked text NOT NULL,
  mode text NOT NULL, lang text NOT NULL, cfg regconfig NOT NULL, cue_count integer NOT NULL,
  fetched_at bigint NOT NULL, cost_micro bigint NOT NULL,
  UNIQUE (source, video_id, lang_asked, mode)
);
CREATE TABLE corpus_cues (
  track_id bigint NOT NULL REFERENCES corpus_tracks(id) ON DELETE CASCADE,
  seq integer NOT NULL, start_s double precision NOT NULL, duration_s double precision NOT NULL,
  text text NOT NULL, cfg regconfig NOT NULL,
  tsv tsvector GENERATED ALWAYS AS (to_tsvector(cfg, regexp_replace(text, '\\[[^]]*\\]', ' ', 'g'))) STORED,
  sounds text[] NOT NULL DEFAULT '{}',
  PRIMARY KEY (track_id, seq)
);
`
/** The design's index, word for word. */
export const GIN_INDEX = 'CREATE INDEX corpus_cues_tsv ON corpus_cues USING gin (tsv)'

/** true when the migrations already created the corpus tables (0004 merged), false when this created them. */
export async function ensureCorpusTables(
  db: Queryable & { exec(sql: string): Promise<void> },
): Promise<boolean> {
  const [row] = await db.query<{ t: string | null }>(`SELECT to_regclass('corpus_cues')::text AS t`)
  if (row?.t) return true
  await db.exec(DESIGN_TABLES)
  return false
}
