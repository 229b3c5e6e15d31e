/**
 * A cue's tsvector, as the corpus indexes it: its text in its configuration, with bracketed sound markers
 * (`[Music]`) left out of the words (they are searchable apart, in `sounds`). The one definition, used by the insert
 * on a Postgres server and by the embedded engine's cue worker alike (docs/decisions/0178).
 */
export const cueVector = (cfg: string, text: string): string =>
  `to_tsvector(${cfg}, regexp_replace(${text}, '\\[[^]]*\\]', ' ', 'g'))`

/** A track's cue texts (a text[] in order) to their tsvectors, as one tsvector[] in Postgres's binary format. */
export const CUE_VECTORS = `SELECT array_send(array_agg(${cueVector('$1::regconfig', 'u.text')} ORDER BY u.n)) AS vectors
  FROM unnest($2::text[]) WITH ORDINALITY AS u(text, n)`

/** CUE_VECTORS and the track's word counts (each lexeme's number of cues, as ts_stat's ndoc), in one statement. */
export const CUE_VECTORS_AND_TERMS = `WITH v AS MATERIALIZED (
    SELECT u.n, ${cueVector('$1::regconfig', 'u.text')} AS tsv FROM unnest($2::text[]) WITH ORDINALITY AS u(text, n)),
  t AS (SELECT x.lexeme, count(*)::int AS cues FROM v, unnest(v.tsv) AS x GROUP BY x.lexeme)
  SELECT (SELECT array_send(array_agg(tsv ORDER BY n)) FROM v) AS vectors,
         (SELECT array_send(coalesce(array_agg(lexeme ORDER BY lexeme), '{}'::text[])) FROM t) AS lexemes,
         (SELECT array_send(coalesce(array_agg(cues ORDER BY lexeme), '{}'::int[])) FROM t) AS cues`
