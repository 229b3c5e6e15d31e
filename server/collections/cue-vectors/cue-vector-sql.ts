/**
 * A cue's tsvector, as the corpus indexes it: its text in its configuration, with bracketed sound markers
 * (`[Music]`) left out of the words (they are searchable apart, in `sounds`). The one definition, used by the insert
 * on a Postgres server and by the embedded engine's cue worker alike (docs/decisions/0178).
 */
export const cueVector = (cfg: string, text: string): string =>
  `to_tsvector(${cfg}, regexp_replace(${text}, '\\[[^]]*\\]', ' ', 'g'))`

/**
 * A track's cue texts (a text[] in order) to their tsvectors, as one tsvector[] in Postgres's binary format, sent as
 * base64: PGlite reads a bytea result from hex text one byte at a time, ~20× slower than Node decodes base64.
 */
export const CUE_VECTORS = `SELECT encode(array_send(array_agg(${cueVector('$1::regconfig', 'u.text')} ORDER BY u.n)), 'base64') AS vectors
  FROM unnest($2::text[]) WITH ORDINALITY AS u(text, n)`
