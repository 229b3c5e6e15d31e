/** corpus_track_terms' primary key as migration 0007 writes it; the bench's bulk load drops and adds it by this text. */
export const TERMS_PRIMARY_KEY = 'PRIMARY KEY (lexeme, cfg, track_id) INCLUDE (cues)'
