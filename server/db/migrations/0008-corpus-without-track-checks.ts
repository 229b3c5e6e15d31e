/**
 * The corpus's cues and term counts without a foreign key to their track (docs/decisions/0175): the one writer
 * (store-track.ts) inserts a track and its rows in one transaction and no code deletes a track, while the check cost
 * a lookup per cue — a fifth of storing a collected track on the embedded engine.
 */
export const sql = `
ALTER TABLE corpus_cues DROP CONSTRAINT IF EXISTS corpus_cues_track_id_fkey;
ALTER TABLE corpus_track_terms DROP CONSTRAINT IF EXISTS corpus_track_terms_track_id_fkey;
`
