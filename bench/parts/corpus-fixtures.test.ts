import { describe, expect, it } from 'vitest'
import { getDataset } from '#simulator/data/dataset.ts'
import { videosWithCaptions } from './corpus-collect.ts'
import { makeCollectionDetail, viewVideoTitle } from './corpus-view.ts'
import { CORPUS_PROBES } from './corpus.ts'

describe('the corpus benchmarks’ inputs', () => {
  it('collects 1,000 distinct simulator videos that all have caption tracks', () => {
    const ids = videosWithCaptions(1000)
    expect(new Set(ids).size).toBe(1000)
    const dataset = getDataset()
    expect(ids.every((id) => (dataset.video(id)?.captionTracks.length ?? 0) > 0)).toBe(true)
    expect(() => videosWithCaptions(dataset.videos.length + 1)).toThrow(/videos with captions/)
  })

  it('answers the collection view with 10,000 collected videos in position order, the first titled as the harness expects', () => {
    const detail = makeCollectionDetail()
    expect(detail.videos).toHaveLength(10_000)
    expect(detail.videoCount).toBe(10_000)
    expect(new Set(detail.videos.map((v) => v.videoId)).size).toBe(10_000)
    expect(detail.videos.every((v, i) => v.position === i && v.videoId.length === 11)).toBe(true)
    expect(detail.videos[0]!.title).toBe(viewVideoTitle(0))
    expect(detail.tracks.collected).toBe(10_000)
    expect(detail.job).toBeNull()
  })

  it('searches a common word, a rare word and a phrase, each with a query and a matching scan pattern', () => {
    expect(CORPUS_PROBES.map((p) => p.key)).toEqual(['common', 'rare', 'phrase'])
    const phrase = CORPUS_PROBES[2]!
    expect(phrase.q).toBe('"metro station"')
    expect(phrase.pattern.test('Then the Metro station closed')).toBe(true)
    expect(phrase.pattern.test('metro and station')).toBe(false)
  })
})
