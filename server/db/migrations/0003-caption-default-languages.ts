/** The language a video's captions come in when none is asked, learned from its JSON track, per data source and mode (docs/decisions/0128). */
export const sql = `
CREATE TABLE caption_default_languages (
  source      text    NOT NULL,
  video_id    text    NOT NULL,
  mode        text    NOT NULL,
  lang        text    NOT NULL,
  learned_at  bigint  NOT NULL,
  expires_at  bigint  NOT NULL,
  PRIMARY KEY (source, video_id, mode)
);
CREATE INDEX caption_default_languages_expires ON caption_default_languages (expires_at);
`
