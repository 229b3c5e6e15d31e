/**
 * Loaded corpus databases kept between bench runs under .bench-cache/ (git-ignored): the generator is deterministic,
 * so a database is reused while the generator's version, the schema's version and the number of videos are the same.
 * Each engine's folder counts only once its build record (when, load times, size) is written after a clean close.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { MIGRATIONS } from '#server/db/migrations/index.ts'
import { GENERATOR_VERSION } from './corpus-generator.ts'
import type { LoadReport } from './corpus-load.ts'

const CACHE_ROOT = fileURLToPath(new URL('../../.bench-cache', import.meta.url))

/** The two engines' databases, and the SQLite FTS5 peer's file (fts5-peer.ts). */
type CachedEngine = 'postgres' | 'pglite' | 'fts5'
export type BuildRecord<L = LoadReport> = { builtAt: string; load: L }

/** The schema's version and a digest of its SQL: a migration edited before it is released rebuilds the cache too. */
export function schemaVersion(): string {
  const digest = createHash('sha256')
  for (const m of MIGRATIONS) digest.update(m.sql)
  return `${Math.max(...MIGRATIONS.map((m) => m.version))}.${digest.digest('hex').slice(0, 8)}`
}

export function corpusCacheKey(videos: number): string {
  return `corpus-g${GENERATOR_VERSION}-s${schemaVersion()}-v${videos}`
}

export type CorpusCache = {
  dir: string
  /** The engine's data folder (PGlite's DATA_DIR, or the Postgres server's data directory). */
  dataDir(engine: CachedEngine): string
  /** The build record, when the engine's database is complete. */
  built<L = LoadReport>(engine: CachedEngine): BuildRecord<L> | undefined
  markBuilt<L = LoadReport>(engine: CachedEngine, load: L, at?: Date): BuildRecord<L>
  /** Removes a partial or stale build before building afresh. */
  clear(engine: CachedEngine): void
}

export function corpusCache(videos: number, root = CACHE_ROOT): CorpusCache {
  const dir = join(root, corpusCacheKey(videos))
  const record = (engine: CachedEngine) => join(dir, `${engine}.built.json`)
  const dataDir = (engine: CachedEngine) => join(dir, engine)
  return {
    dir,
    dataDir,
    built(engine) {
      if (!existsSync(record(engine)) || !existsSync(dataDir(engine))) return undefined
      return JSON.parse(readFileSync(record(engine), 'utf8')) as never
    },
    markBuilt(engine, load, at = new Date()) {
      const built = { builtAt: at.toISOString(), load }
      writeFileSync(record(engine), `${JSON.stringify(built, null, 2)}\n`)
      return built
    },
    clear(engine) {
      rmSync(record(engine), { force: true })
      rmSync(dataDir(engine), { recursive: true, force: true })
      mkdirSync(dir, { recursive: true })
    },
  }
}
