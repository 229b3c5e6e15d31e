/**
 * After a collect job: the visibility map and planner statistics of the corpus tables brought up to date, so a
 * word's counts are read from index entries alone (docs/decisions/0172). PGlite never vacuums or analyzes by
 * itself; on a Postgres server this only comes before autovacuum. corpus_cues is analyzed, not vacuumed: rows
 * are only added there, and a vacuum would read its whole GIN index.
 */
import type { Database } from '../db/database.ts'

/** One statement each: VACUUM refuses to run inside a multi-statement string. */
const CORPUS_MAINTENANCE = [
  'VACUUM (ANALYZE) corpus_track_terms, collection_videos, corpus_tracks',
  'ANALYZE corpus_cues',
] as const

export async function refreshCorpusStatistics(db: Database): Promise<void> {
  for (const statement of CORPUS_MAINTENANCE) await db.exec(statement)
}
