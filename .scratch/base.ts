import { openDatabase } from '#server/db/open-database.ts'
const db = await openDatabase({ databaseUrl: process.env.URL, dataDir: '/tmp/x', timeoutMs: 60000, poolSize: 1, pgliteTemplate: undefined }, () => undefined)
for (let i = 0; i < 200; i++) await db.query('SELECT 1 AS one')
const c0 = process.cpuUsage(); const t0 = performance.now()
for (let i = 0; i < 2000; i++) await db.query('SELECT 1 AS one')
const c = process.cpuUsage(c0)
console.log(`SELECT 1: wall ${((performance.now() - t0) / 2000).toFixed(3)} ms, node cpu ${((c.user + c.system) / 1000 / 2000).toFixed(3)} ms`)
await db.close()
