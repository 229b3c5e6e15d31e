/** Research collections, their videos and wanted tracks, the corpus of collected tracks and cues, and the collect job's work rows (docs/decisions/0140). */
export const sql = `
CREATE TABLE collections (
  id           text   PRIMARY KEY,
  source       text   NOT NULL,
  name         text   NOT NULL,
  description  text   NOT NULL DEFAULT '',
  lang         text,
  mode         text   NOT NULL DEFAULT 'default',
  created_at   bigint NOT NULL,
  updated_at   bigint NOT NULL
);
CREATE INDEX collections_created ON collections (created_at);

CREATE TABLE collection_videos (
  collection_id  text    NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
  video_id       text    NOT NULL,
  position       integer NOT NULL,
  title          text,
  channel_id     text,
  channel_title  text,
  published_at   text,
  found_by       jsonb   NOT NULL DEFAULT '[]',
  added_at       bigint  NOT NULL,
  track_state    text    NOT NULL DEFAULT 'wanted' CHECK (track_state IN ('wanted','collected','unavailable','failed')),
  track_id       bigint,
  failure        jsonb,
  PRIMARY KEY (collection_id, video_id)
);
CREATE INDEX collection_videos_position ON collection_videos (collection_id, position);

-- A track is stored once per data source and canonical request, and shared by every collection that wants it.
CREATE TABLE corpus_tracks (
  id          bigserial PRIMARY KEY,
  source      text      NOT NULL,
  video_id    text      NOT NULL,
  lang_asked  text      NOT NULL,
  mode        text      NOT NULL,
  lang        text      NOT NULL,
  cfg         regconfig NOT NULL,
  cue_count   integer   NOT NULL,
  fetched_at  bigint    NOT NULL,
  cost_micro  bigint    NOT NULL,
  UNIQUE (source, video_id, lang_asked, mode)
);

CREATE TABLE corpus_cues (
  track_id    bigint           NOT NULL REFERENCES corpus_tracks(id) ON DELETE CASCADE,
  seq         integer          NOT NULL,
  start_s     double precision NOT NULL,
  duration_s  double precision NOT NULL,
  text        text             NOT NULL,
  cfg         regconfig        NOT NULL,
  tsv         tsvector GENERATED ALWAYS AS (to_tsvector(cfg, regexp_replace(text, '\\[[^]]*\\]', ' ', 'g'))) STORED,
  sounds      text[]           NOT NULL DEFAULT '{}',
  PRIMARY KEY (track_id, seq)
);
CREATE INDEX corpus_cues_tsv ON corpus_cues USING gin (tsv);

CREATE TABLE collect_jobs (
  id             bigserial PRIMARY KEY,
  collection_id  text   NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
  state          text   NOT NULL CHECK (state IN ('running','stopped','done','capped')),
  max_micro      bigint NOT NULL,
  spent_micro    bigint NOT NULL DEFAULT 0,
  created_at     bigint NOT NULL,
  updated_at     bigint NOT NULL,
  finished_at    bigint
);
CREATE INDEX collect_jobs_collection ON collect_jobs (collection_id, id);
-- One running job per collection, whichever instance started it.
CREATE UNIQUE INDEX collect_jobs_one_running ON collect_jobs (collection_id) WHERE state = 'running';

CREATE TABLE collect_items (
  job_id       bigint  NOT NULL REFERENCES collect_jobs(id) ON DELETE CASCADE,
  video_id     text    NOT NULL,
  state        text    NOT NULL CHECK (state IN ('queued','running','collected','unavailable','failed','stopped')),
  lease_until  bigint,
  worker       text,
  cost_micro   bigint  NOT NULL DEFAULT 0,
  failure      jsonb,
  reserved_micro bigint NOT NULL DEFAULT 0,
  position     integer NOT NULL DEFAULT 0,
  attempts     integer NOT NULL DEFAULT 0,
  claimed_at   bigint,
  PRIMARY KEY (job_id, video_id)
);
CREATE INDEX collect_items_queue ON collect_items (state, lease_until);
`
