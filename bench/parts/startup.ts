/**
 * Start-up: `npm start` (scripts/start.ts, SPA already built) on a fresh DATA_DIR, where it creates the embedded
 * database, then again on the same folder (a warm start); the time until it listens and its RSS at rest.
 */
import { join } from 'node:path'
import { rssOf } from '../lib/processes.ts'
import { mb, ms, type PartOutcome, type Row } from '../lib/report.ts'
import { startProductionServer, tempDir } from '../lib/servers.ts'
import type { SpaBuild } from '../lib/spa-build.ts'

async function timedStart(distDir: string, dataDir: string) {
  const started = performance.now()
  const server = await startProductionServer({ distDir, cacheDir: dataDir })
  const readyMs = performance.now() - started
  try {
    const health = await fetch(`${server.origin}/api/health`)
    if (!health.ok) throw new Error(`/api/health answered ${health.status}`)
    await new Promise((r) => setTimeout(r, 2000)) // at rest: the start-up's garbage has had a moment to go
    return { readyMs, rss: await rssOf(server.pid) }
  } finally {
    await server.stop()
  }
}

export async function runStartup(build: SpaBuild, log: (line: string) => void): Promise<PartOutcome> {
  const scratch = tempDir('startup')
  try {
    const dataDir = join(scratch.path, 'data')
    const cold = await timedStart(build.outDir, dataDir)
    log(`  first start (creates the database): ready in ${ms(cold.readyMs)}, RSS ${mb(cold.rss)}`)
    const warm = await timedStart(build.outDir, dataDir)
    log(`  warm start: ready in ${ms(warm.readyMs)}, RSS ${mb(warm.rss)}`)
    const rows: Row[] = [
      {
        part: 'startup',
        measure: 'npm start, new DATA_DIR (creates the embedded database), until it listens',
        value: ms(cold.readyMs),
        compare: `RSS at rest ${mb(cold.rss)}`,
      },
      {
        part: 'startup',
        measure: 'npm start, same DATA_DIR (warm start), until it listens',
        value: ms(warm.readyMs),
        compare: `RSS at rest ${mb(warm.rss)}`,
      },
    ]
    return { rows, data: { cold, warm } }
  } finally {
    scratch.remove()
  }
}
