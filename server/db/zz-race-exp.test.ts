import { it } from 'vitest'
import { startPostgresCluster } from '/work/main/server/testing/postgres-cluster.ts'
import { openDatabase } from '/work/main/server/db/open-database.ts'
it('migration race', async () => {
  const c = await startPostgresCluster()
  let failures = 0
  try {
    for (let i = 0; i < 10; i++) {
      const url = await c.createDatabase()
      const r = await Promise.allSettled([1, 2, 3, 4].map(() => openDatabase({ databaseUrl: url, dataDir: '', timeoutMs: 5000, poolSize: 2, pgliteTemplate: undefined }, () => {})))
      for (const x of r) if (x.status === 'rejected') { failures++; console.log(String(x.reason)) } else await x.value.close()
    }
  } finally { await c.stop() }
  console.log('failures', failures)
}, 120000)
