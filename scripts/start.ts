/** `npm start`: builds the SPA when its sources are newer than the build, then serves it and /api from one process. */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { distDirOf } from '#server/config/dist-dir.ts'
import { startNodeServer } from '#server/entry-node.ts'

const distDir = distDirOf()
const SOURCES = [
  'src',
  'contract',
  'public',
  'index.html',
  'vite.config.ts',
  'tailwind.config.ts',
  'package.json',
]

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0
  const st = statSync(path)
  if (!st.isDirectory()) return st.mtimeMs
  return readdirSync(path).reduce(
    (m, name) =>
      name.endsWith('.test.ts') || name.endsWith('.test.tsx')
        ? m
        : Math.max(m, newestMtime(join(path, name))),
    st.mtimeMs,
  )
}

const built = join(distDir, 'index.html')
const stale = !existsSync(built) || Math.max(...SOURCES.map(newestMtime)) > statSync(built).mtimeMs
if (stale) {
  console.log(`Building the dashboard into ${distDir}/ …`)
  const r = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'],
    { stdio: 'inherit' },
  )
  if (r.status !== 0) process.exit(r.status ?? 1)
}
startNodeServer().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e))
  process.exit(1)
})
