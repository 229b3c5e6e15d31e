/**
 * Which is faster for the bulk load: the GIN index kept during the inserts, or built once after them? The same
 * sample of the generated corpus loaded both ways into two fresh databases of one Postgres server.
 */
import { openDatabase } from '#server/db/open-database.ts'
import type { PostgresCluster } from '#server/testing/postgres-cluster.ts'
import { corpusGenerator } from './corpus-generator.ts'
import { loadCorpus } from './corpus-load.ts'

export type IndexOrder = { videos: number; cues: number; indexFirstMs: number; indexAfterMs: number }

export async function compareIndexOrder(cluster: PostgresCluster, videos: number): Promise<IndexOrder> {
  const timeOf = async (indexFirst: boolean) => {
    const name = indexFirst ? 'bench_index_first' : 'bench_index_after'
    const db = await openDatabase(
      {
        databaseUrl: await cluster.createDatabase(name),
        dataDir: '',
        timeoutMs: 10 * 60_000,
        poolSize: 1,
        pgliteTemplate: undefined,
      },
      () => undefined,
    )
    try {
      const r = await loadCorpus(db, corpusGenerator(), { videos, indexFirst })
      return { cues: r.cues, ms: r.insertMs + r.indexMs }
    } finally {
      await db.close()
      await cluster.dropDatabase(name)
    }
  }
  const after = await timeOf(false)
  const first = await timeOf(true)
  return { videos, cues: after.cues, indexFirstMs: first.ms, indexAfterMs: after.ms }
}
