/**
 * Keys for a plain word's answer from index entries alone (docs/decisions/0172): corpus_track_terms carries each
 * track's text-search configuration and its key covers the count, so the word's range answers without the heap or
 * corpus_tracks; the configurations present in the corpus are read from an index of a few entries.
 */
import { TERMS_PRIMARY_KEY } from '../corpus-keys.ts'

export const sql = `
ALTER TABLE corpus_track_terms ADD COLUMN cfg regconfig;
UPDATE corpus_track_terms tt SET cfg = t.cfg FROM corpus_tracks t WHERE t.id = tt.track_id;
ALTER TABLE corpus_track_terms ALTER COLUMN cfg SET NOT NULL;
ALTER TABLE corpus_track_terms DROP CONSTRAINT corpus_track_terms_pkey;
ALTER TABLE corpus_track_terms ADD CONSTRAINT corpus_track_terms_pkey ${TERMS_PRIMARY_KEY};
CREATE INDEX corpus_tracks_cfg ON corpus_tracks (cfg);
`
