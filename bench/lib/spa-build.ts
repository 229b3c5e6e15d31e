/** One production build of the SPA per benchmark run, into a temporary directory, with Vite's manifest. */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, utimesSync } from 'node:fs'
import { join } from 'node:path'
import { REPO_ROOT, stopChild } from './processes.ts'

type ManifestChunk = {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}
export type Manifest = Record<string, ManifestChunk>

export type SpaBuild = { outDir: string; manifest: Manifest; seconds: number }

export async function buildSpa(outDir: string, timeoutMs: number): Promise<SpaBuild> {
  const started = performance.now()
  const child = spawn(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--manifest',
      '--logLevel',
      'warn',
    ],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  child.stdout.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr.on('data', (d: Buffer) => (output += d.toString()))
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => void stopChild(child, 1000), timeoutMs)
    child.once('exit', (c) => {
      clearTimeout(timer)
      resolve(c)
    })
  })
  if (code !== 0)
    throw new Error(
      `vite build failed or took longer than ${Math.round(timeoutMs / 1000)} s (exit ${code}):\n${output.slice(-2000)}`,
    )
  const manifestPath = join(outDir, '.vite', 'manifest.json')
  if (!existsSync(manifestPath)) throw new Error(`vite build wrote no manifest at ${manifestPath}`)
  // scripts/start.ts rebuilds when a source is newer than index.html; others edit src/ while we measure,
  // and the benchmark must measure the build it just made: mark it newer than any edit of the next day.
  const tomorrow = new Date(Date.now() + 24 * 3600 * 1000)
  utimesSync(join(outDir, 'index.html'), tomorrow, tomorrow)
  return {
    outDir,
    manifest: JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest,
    seconds: (performance.now() - started) / 1000,
  }
}

/** Files a chunk needs before it runs: itself and its static imports, transitively (dynamic imports excluded). */
export function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key]
  if (!chunk) throw new Error(`the Vite manifest has no chunk for ${key}`)
  if (into.has(chunk.file)) return into
  into.add(chunk.file)
  for (const dep of chunk.imports ?? []) staticClosure(manifest, dep, into)
  return into
}

export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]!.isEntry)
  if (!key) throw new Error('the Vite manifest has no entry chunk')
  return key
}
