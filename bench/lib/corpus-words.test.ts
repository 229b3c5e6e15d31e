import { describe, expect, it } from 'vitest'
import { makeVocabulary, PROBES, seededRandom, VOCABULARY_SIZE } from './corpus-words.ts'

describe('seededRandom', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    const a = seededRandom(7)
    const b = seededRandom(7)
    const c = seededRandom(8)
    const first = Array.from({ length: 5 }, () => a())
    expect(Array.from({ length: 5 }, () => b())).toEqual(first)
    expect(Array.from({ length: 5 }, () => c())).not.toEqual(first)
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true)
  })
})

describe('makeVocabulary', () => {
  const en = makeVocabulary('en')

  it('holds tens of thousands of distinct forms, English stems with their inflections', () => {
    // The probe words join the made-up ones; the forms they displace move to the end.
    expect(en.words.length).toBeGreaterThanOrEqual(VOCABULARY_SIZE.en)
    expect(en.words.length).toBeLessThanOrEqual(VOCABULARY_SIZE.en + 4)
    expect(new Set(en.words).size).toBe(en.words.length)
    const stem = en.words.find(
      (w) => w.length > 3 && en.words.includes(`${w}ing`) && en.words.includes(`${w}ed`),
    )
    expect(stem).toBeDefined()
  })

  it('puts the probe words at their ranks', () => {
    expect(en.words[PROBES.common.rank]).toBe(PROBES.common.word)
    expect(en.words[PROBES.rare.rank]).toBe(PROBES.rare.word)
    for (const w of PROBES.phrase) expect(en.words).toContain(w)
  })

  it('draws with Zipf-like frequencies: rank 0 about (9 + 2.7) / 2.7 times as often as rank 9, and a long tail', () => {
    const random = seededRandom(1)
    const counts = new Map<string, number>()
    for (let i = 0; i < 300_000; i++) {
      const w = en.draw(random)
      counts.set(w, (counts.get(w) ?? 0) + 1)
    }
    const top = counts.get(en.words[0]!)!
    const tenth = counts.get(en.words[9]!)!
    expect(top / tenth).toBeGreaterThan(3.6)
    expect(top / tenth).toBeLessThan(5.2)
    expect(counts.size).toBeGreaterThan(20_000)
    expect(top / 300_000).toBeLessThan(0.05) // not a handful of words repeated
  })

  it('writes Japanese words without Latin letters and is deterministic per seed', () => {
    const ja = makeVocabulary('ja')
    expect(ja.words.every((w) => !/[a-z\s]/.test(w))).toBe(true)
    expect(makeVocabulary('ja').words.slice(0, 50)).toEqual(ja.words.slice(0, 50))
    expect(makeVocabulary('es').words).toContain('que')
    expect(makeVocabulary('de').words).toContain('und')
  })
})
