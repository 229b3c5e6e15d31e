/**
 * How many cues of each corpus track hold each lexeme (ts_stat's ndoc over the track's tsv): a single-word search's
 * exact total and where its hits lie, without reading every matching cue (docs/decisions/0151).
 */
export const sql = `
CREATE TABLE corpus_track_terms (
  track_id  bigint  NOT NULL REFERENCES corpus_tracks(id) ON DELETE CASCADE,
  lexeme    text    NOT NULL,
  cues      integer NOT NULL,
  -- Lexeme first: a word's counts are one range of the index. No code deletes a track; a delete would scan this table.
  PRIMARY KEY (lexeme, track_id)
);
INSERT INTO corpus_track_terms (track_id, lexeme, cues)
SELECT t.id, s.word, s.ndoc FROM corpus_tracks t,
  LATERAL ts_stat('SELECT tsv FROM corpus_cues WHERE track_id = ' || t.id) AS s;
`
