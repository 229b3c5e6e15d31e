/**
 * Each lexeme's cues in a track (their seq, ascending) beside its count: a one-word search reads its page's cues by key
 * from its term rows, as a positional index would, rather than testing every cue of the tracks that hold them
 * (docs/decisions/0197).
 */
export const sql = `
ALTER TABLE corpus_track_terms ADD COLUMN seqs int4[];
UPDATE corpus_track_terms tt SET seqs = w.seqs
  FROM (SELECT c.track_id, u.lexeme, array_agg(c.seq ORDER BY c.seq) AS seqs
        FROM corpus_cues c, unnest(c.tsv) AS u GROUP BY c.track_id, u.lexeme) AS w
  WHERE w.track_id = tt.track_id AND w.lexeme = tt.lexeme;
UPDATE corpus_track_terms SET seqs = '{}' WHERE seqs IS NULL;
ALTER TABLE corpus_track_terms ALTER COLUMN seqs SET NOT NULL;
`
