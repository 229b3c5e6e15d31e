import { describe, expect, it } from 'vitest'
import { mergeSweep } from './merge-sweep.ts'
import { emptyProgress } from './sweep-runner.ts'
import { circles, video } from './testing/fake-sweep-service.ts'

function progressOf(found: Record<string, string[]>) {
  const three = circles(3)
  const p = emptyProgress('k', three)
  for (const [id, ids] of Object.entries(found))
    p.circles[id] = { pagesDone: 1, nextPageToken: undefined, done: true, videos: ids.map(video), costUsd: 0 }
  return { circles: three, progress: p }
}

describe('mergeSweep', () => {
  it('gives one row per video in first-seen order, with the circles that found it', () => {
    const { circles: three, progress } = progressOf({ c1: ['a', 'b'], c2: ['c', 'a'], c3: ['b', 'a', 'd'] })
    const merged = mergeSweep(three, progress)
    expect(merged.rows.map((r) => [r.videoId, r.circles, r.rank])).toEqual([
      ['a', ['c1', 'c2', 'c3'], 1],
      ['b', ['c1', 'c3'], 2],
      ['c', ['c2'], 1],
      ['d', ['c3'], 3],
    ])
    expect(merged.duplicates).toBe(3)
    expect(merged.perCircle).toEqual({
      c1: { found: 2, only: 0 },
      c2: { found: 2, only: 1 },
      c3: { found: 3, only: 1 },
    })
  })

  it('counts a video repeated on a later page of the same circle once', () => {
    const { circles: three, progress } = progressOf({ c1: ['a', 'a'], c2: [] })
    const merged = mergeSweep(three, progress)
    expect(merged.rows.map((r) => r.videoId)).toEqual(['a'])
    expect(merged.duplicates).toBe(0)
    expect(merged.perCircle).toEqual({
      c1: { found: 1, only: 1 },
      c2: { found: 0, only: 0 },
      c3: { found: 0, only: 0 },
    })
  })

  it('keeps the service’s fields of each video', () => {
    const { circles: three, progress } = progressOf({ c1: ['a'] })
    expect(mergeSweep(three, progress).rows[0]).toMatchObject({ title: 'Title a', channelTitle: 'Channel' })
  })
})
