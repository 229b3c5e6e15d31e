/** Codes of a collection (a tree) and the codings that apply them to transcript cues or replies (docs/decisions/0163). */
export const sql = `
CREATE TABLE codes (
  id             text    PRIMARY KEY,
  collection_id  text    NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
  parent_id      text,
  name           text    NOT NULL,
  color          text    NOT NULL CHECK (color ~ '^#[0-9a-f]{6}$'),
  description    text    NOT NULL DEFAULT '',
  position       integer NOT NULL,
  created_at     bigint  NOT NULL,
  updated_at     bigint  NOT NULL,
  UNIQUE (collection_id, id),
  -- A parent is a code of the same collection; one with children cannot go (the function answers 409 first).
  FOREIGN KEY (collection_id, parent_id) REFERENCES codes(collection_id, id)
);
-- Names are unique among siblings, whatever their case.
CREATE UNIQUE INDEX codes_sibling_name ON codes (collection_id, coalesce(parent_id, ''), lower(name));
CREATE INDEX codes_parent ON codes (parent_id);

CREATE TABLE codings (
  id             text    PRIMARY KEY,
  collection_id  text    NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
  code_id        text    NOT NULL,
  kind           text    NOT NULL CHECK (kind IN ('cues','reply')),
  video_id       text,
  start_s        double precision,
  -- What makes two segments the same one: 'cues:<videoId>:<lang>:<firstSeq>-<lastSeq>' or 'reply:<commentId>'.
  segment_key    text    NOT NULL,
  segment        jsonb   NOT NULL,
  memo           text    NOT NULL DEFAULT '',
  coder          text    NOT NULL,
  created_at     bigint  NOT NULL,
  updated_at     bigint  NOT NULL,
  FOREIGN KEY (collection_id, code_id) REFERENCES codes(collection_id, id) ON DELETE CASCADE
);
-- A code applies to a segment once.
CREATE UNIQUE INDEX codings_code_segment ON codings (code_id, segment_key);
CREATE INDEX codings_collection ON codings (collection_id, video_id, start_s, created_at);
CREATE INDEX codings_code ON codings (collection_id, code_id, created_at);
`
