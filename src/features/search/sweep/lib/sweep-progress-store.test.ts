import { describe, expect, it } from 'vitest'
import type { Area } from '#lib/area/area-types.ts'
import {
  clearProgress,
  loadProgress,
  memoryBackend,
  saveProgress,
  sweepKey,
  type ProgressBackend,
} from './sweep-progress-store.ts'
import { emptyProgress, type SweepProgress } from './sweep-runner.ts'
import { circles, video } from './testing/fake-sweep-service.ts'

const AREA: Area = { sites: [{ lat: 48.85, lon: 2.35, radiusKm: 2 }] }

function someProgress(key: string): SweepProgress {
  const p = emptyProgress(key, circles(2))
  p.circles.c1 = { pagesDone: 1, nextPageToken: 'tok', done: false, videos: [video('a')], costUsd: 0.00203 }
  return { ...p, spentUsd: 0.00203 }
}

describe('sweep progress store', () => {
  it('keys a sweep by its area, radius and depth', () => {
    const key = sweepKey(AREA, 2, { kind: 'first' })
    expect(key).toMatch(/^sweep:v1:p[A-Za-z0-9_-]+:2:1$/)
    expect(sweepKey(AREA, 2, { kind: 'first' })).toBe(key)
    expect(sweepKey(AREA, 5, { kind: 'first' })).not.toBe(key)
    expect(sweepKey(AREA, 2, { kind: 'all' })).not.toBe(key)
  })

  it('saves and loads progress, and clears it', async () => {
    const backend = memoryBackend()
    const progress = someProgress('k')
    expect(await saveProgress(progress, backend)).toBe(true)
    expect(await loadProgress('k', backend)).toEqual(progress)
    await clearProgress('k', backend)
    expect(await loadProgress('k', backend)).toBeUndefined()
  })

  it('treats corrupt, foreign or older data as no progress', async () => {
    const backend = memoryBackend()
    const good = someProgress('k')
    const bad: unknown[] = [
      'not an object',
      null,
      { ...good, version: 0 },
      { ...good, key: 'another' },
      { ...good, circles: { c1: { pagesDone: -1 } } },
      { ...good, spentUsd: 'lots' },
    ]
    for (const value of bad) {
      await backend.set('k', value)
      expect(await loadProgress('k', backend)).toBeUndefined()
    }
  })

  it('never throws when the browser’s storage fails', async () => {
    const broken: ProgressBackend = {
      get: () => Promise.reject(new Error('blocked')),
      set: () => Promise.reject(new DOMException('full', 'QuotaExceededError')),
      del: () => Promise.reject(new Error('blocked')),
    }
    expect(await loadProgress('k', broken)).toBeUndefined()
    expect(await saveProgress(someProgress('k'), broken)).toBe(false)
    await expect(clearProgress('k', broken)).resolves.toBeUndefined()
  })

  it('falls back to memory where IndexedDB is missing (this test environment)', async () => {
    const progress = someProgress('fallback')
    expect(await saveProgress(progress)).toBe(true)
    expect(await loadProgress('fallback')).toEqual(progress)
  })
})
