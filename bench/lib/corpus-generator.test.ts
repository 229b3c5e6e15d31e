import { describe, expect, it } from 'vitest'
import { corpusGenerator, corpusVideoId } from './corpus-generator.ts'

describe('corpusGenerator', () => {
  const generator = corpusGenerator()
  const videos = Array.from({ length: 200 }, (_, i) => generator.video(i))

  it('makes video i the same whatever was generated before, with distinct 11-character ids', () => {
    expect(corpusGenerator().video(137)).toEqual(videos[137])
    expect(corpusGenerator(16).video(137)).not.toEqual(videos[137])
    const ids = new Set(videos.map((v) => v.videoId))
    expect(ids.size).toBe(200)
    expect(corpusVideoId(9999)).toMatch(/^[A-Za-z0-9_-]{11}$/)
  })

  it('gives about 1,000 cues per video (600–1,400), timed one after another', () => {
    const counts = videos.map((v) => v.cues.length)
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(600)
    expect(Math.max(...counts)).toBeLessThanOrEqual(1400)
    const mean = counts.reduce((a, b) => a + b, 0) / counts.length
    expect(mean).toBeGreaterThan(950)
    expect(mean).toBeLessThan(1050)
    for (const v of videos.slice(0, 5))
      v.cues.forEach((c, i) => {
        if (i > 0) expect(c.start).toBeCloseTo(v.cues[i - 1]!.start + v.cues[i - 1]!.duration, 6)
      })
  })

  it('mixes languages, mostly English, with their text-search configurations', () => {
    const by = (lang: string) => videos.filter((v) => v.lang === lang)
    expect(by('en').length).toBeGreaterThan(140)
    for (const lang of ['es', 'de', 'ja']) expect(by(lang).length).toBeGreaterThan(0)
    expect(new Set(by('en').map((v) => v.cfg))).toEqual(new Set(['english']))
    expect(new Set(by('ja').map((v) => v.cfg))).toEqual(new Set(['simple']))
  })

  it('writes cues of 5–12 words (Japanese without spaces) and an occasional [Music] marker', () => {
    const en = videos.find((v) => v.lang === 'en')!
    for (const cue of en.cues.filter((c) => !c.text.startsWith('[Music]'))) {
      const words = cue.text.split(' ').length
      expect(words).toBeGreaterThanOrEqual(5)
      expect(words).toBeLessThanOrEqual(13) // the phrase replaces one word with two
    }
    const ja = videos.find((v) => v.lang === 'ja')!
    expect(ja.cues.every((c) => c.text.startsWith('[Music]') || !c.text.includes(' '))).toBe(true)
    const all = videos.flatMap((v) => v.cues)
    const music = all.filter((c) => c.text.includes('[Music]'))
    expect(music.length / all.length).toBeGreaterThan(0.005)
    expect(music.length / all.length).toBeLessThan(0.02)
    expect(music.every((c) => c.sounds.includes('music'))).toBe(true)
  })
})
