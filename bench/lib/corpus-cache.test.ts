import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { corpusCache, corpusCacheKey, schemaVersion } from './corpus-cache.ts'
import { GENERATOR_VERSION } from './corpus-generator.ts'
import type { LoadReport } from './corpus-load.ts'

const load: LoadReport = {
  videos: 10,
  cues: 9_000,
  insertMs: 1,
  indexMs: 2,
  termsMs: 3,
  analyzeMs: 4,
  sizeBytes: 5,
}

describe('the corpus cache', () => {
  const roots: string[] = []
  const root = () => {
    const dir = mkdtempSync(join(tmpdir(), 'corpus-cache-'))
    roots.push(dir)
    return dir
  }
  afterEach(() => roots.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))

  it('keys a database by generator version, schema version and digest, and number of videos', () => {
    expect(schemaVersion()).toMatch(/^\d+\.[0-9a-f]{8}$/)
    expect(corpusCacheKey(1000)).toBe(`corpus-g${GENERATOR_VERSION}-s${schemaVersion()}-v1000`)
    expect(corpusCacheKey(1000)).not.toBe(corpusCacheKey(10_000))
  })

  it('counts a build only once its record is written, with when it was built and its load figures', () => {
    const cache = corpusCache(10, root())
    cache.clear('pglite')
    mkdirSync(cache.dataDir('pglite'))
    writeFileSync(join(cache.dataDir('pglite'), 'half-built'), '')
    expect(cache.built('pglite')).toBeUndefined()
    cache.markBuilt('pglite', load, new Date('2026-11-25T03:00:00Z'))
    expect(cache.built('pglite')).toEqual({ builtAt: '2026-11-25T03:00:00.000Z', load })
    expect(cache.built('postgres')).toBeUndefined()
  })

  it('keeps the SQLite FTS5 peer’s build apart from the engines’, with its own load figures', () => {
    const cache = corpusCache(10, root())
    cache.clear('fts5')
    mkdirSync(cache.dataDir('fts5'))
    const peer = { videos: 10, cues: 9_000, insertMs: 1, indexMs: 2, sizeBytes: 3 }
    cache.markBuilt('fts5', peer, new Date('2026-11-28T03:00:00Z'))
    expect(cache.built('fts5')).toEqual({ builtAt: '2026-11-28T03:00:00.000Z', load: peer })
    expect(cache.built('pglite')).toBeUndefined()
    cache.clear('fts5')
    expect(cache.built('fts5')).toBeUndefined()
  })

  it('clears a build: its data and its record', () => {
    const cache = corpusCache(10, root())
    cache.clear('postgres')
    mkdirSync(cache.dataDir('postgres'))
    cache.markBuilt('postgres', load)
    cache.clear('postgres')
    expect(cache.built('postgres')).toBeUndefined()
  })
})
