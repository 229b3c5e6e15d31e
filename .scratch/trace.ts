import { openDatabase } from '#server/db/open-database.ts'
import { searchCollection } from '#server/collections/search/search-collection.ts'
const url = process.env.URL
const db = await openDatabase({ databaseUrl: url, dataDir: process.env.DIR ?? '/tmp/x', timeoutMs: 1800000, poolSize: 2, pgliteTemplate: undefined }, () => undefined)
const log: { sql: string; params: unknown; ms: number }[] = []
const traced = { ...db, query: async (sql: string, params?: readonly unknown[]) => { const t = performance.now(); const r = await db.query(sql, params as never); log.push({ sql, params, ms: performance.now() - t }); return r } } as typeof db
for (const q of ['people', 'funicular', '"metro station"']) {
  for (let i = 0; i < 15; i++) { log.length = 0; const t = performance.now(); const r = await searchCollection(traced, 'c_benchcorp', { q, match: 'words', sort: 'time', limit: 100, offset: 0, count: 'exact' }); if (i === 14) { console.log(`${q}: ${(performance.now() - t).toFixed(2)} ms total=${r.total} hits=${r.hits.length}`); for (const l of log) console.log(`  ${l.ms.toFixed(2)} ms  ${l.sql.replace(/\s+/g, ' ').slice(0, 90)}`); if (process.env.SQL) for (const l of log) console.log(l.sql, JSON.stringify(l.params)) } }
}
await db.close()
