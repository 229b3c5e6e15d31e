import { describe, expect, it } from 'vitest'
import type { GeneratedVideo } from './corpus-generator.ts'
import { memoryCorpus, scanAnswer } from './corpus-memory-scan.ts'

const video = (index: number, texts: string[]): GeneratedVideo => ({
  index,
  videoId: `v${index}`,
  lang: 'en',
  cfg: 'english',
  cues: texts.map((text, i) => ({ start: i, duration: 1, text, sounds: [] })),
})

describe('scanAnswer', () => {
  const corpus = memoryCorpus()
  corpus.keep(video(1, ['people here', 'no one', 'People People again']))
  corpus.keep(video(0, ['the peoples', 'some people']))

  it('counts matching cues once each, in video then cue order, whole words only, any case', () => {
    const r = scanAnswer(corpus, /\bpeople\b/i, 100)
    expect(r.total).toBe(3)
    expect(r.hits.map(({ videoId, seq }) => ({ videoId, seq }))).toEqual([
      { videoId: 'v0', seq: 1 },
      { videoId: 'v1', seq: 0 },
      { videoId: 'v1', seq: 2 },
    ])
    expect(corpus.cues).toBe(5)
  })

  it('gives each kept hit its KWIC line from the cue and its neighbours within the video', () => {
    const r = scanAnswer(corpus, /\bpeople\b/i, 100)
    expect(r.hits[0]).toMatchObject({ before: 'the peoples some', hit: 'people', after: '' })
    expect(r.hits[2]).toMatchObject({ before: 'people here no one', hit: 'People', after: 'People again' })
  })

  it('keeps only the first `limit` hits but counts them all', () => {
    const r = scanAnswer(corpus, /\bpeople\b/gi, 2)
    expect(r.hits).toHaveLength(2)
    expect(r.total).toBe(3)
  })
})
