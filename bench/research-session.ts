/**
 * `npx tsx bench/research-session.ts`: the scripted research session alone (bench/parts/session.ts): builds the
 * SPA, starts the production server on demo data with a fresh DATA_DIR, runs the session twice, prints the figures.
 */
import { join } from 'node:path'
import { stopAll, stopChildrenOnSignals } from './lib/processes.ts'
import { startProductionServer, tempDir } from './lib/servers.ts'
import { buildSpa } from './lib/spa-build.ts'
import { runSessionTwice } from './parts/session.ts'

const log = (line: string) => console.log(line)
const dir = tempDir('session')
stopChildrenOnSignals()
try {
  await buildSpa(join(dir.path, 'dist'), 7 * 60_000)
  const server = await startProductionServer({
    distDir: join(dir.path, 'dist'),
    cacheDir: join(dir.path, 'data'),
  })
  const runs = await runSessionTwice(server.origin, log)
  console.log(JSON.stringify(runs, null, 2))
} finally {
  await stopAll()
  dir.remove()
}
