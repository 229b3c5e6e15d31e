import { readFileSync } from 'node:fs'
import { openDatabase } from '#server/db/open-database.ts'
import { searchCollection } from '#server/collections/search/search-collection.ts'
const url = process.env.URL
const db = await openDatabase({ databaseUrl: url, dataDir: process.env.DIR ?? '/tmp/x', timeoutMs: 1800000, poolSize: 1, pgliteTemplate: undefined }, () => undefined)
const ticks = (pid: number) => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return (Number(f[11]) + Number(f[12])) * 10 }
const pid = url ? Number((await db.query<{ p: number }>('SELECT pg_backend_pid() AS p'))[0]!.p) : 0
const N = Number(process.env.N ?? 100)
for (const q of (process.env.Q ?? 'people,funicular,"metro station"').split(',')) {
  const ask = () => searchCollection(db, 'c_benchcorp', { q, match: 'words', sort: 'time', limit: 100, offset: 0, count: 'exact' })
  for (let i = 0; i < 10; i++) await ask()
  const c0 = process.cpuUsage(); const b0 = pid ? ticks(pid) : 0; const walls: number[] = []
  let r
  for (let i = 0; i < N; i++) { const t = performance.now(); r = await ask(); walls.push(performance.now() - t) }
  const c = process.cpuUsage(c0); const b = pid ? ticks(pid) - b0 : 0
  walls.sort((a, b) => a - b)
  console.log(`${q.padEnd(16)} total=${r!.total} hits=${r!.hits.length} wall p50 ${walls[N >> 1]!.toFixed(2)} p95 ${walls[Math.floor(N * 0.95)]!.toFixed(2)} | cpu/run node ${((c.user + c.system) / 1000 / N).toFixed(2)} ms${pid ? ` backend ${(b / N).toFixed(2)} ms` : ''}`)
}
await db.close()
