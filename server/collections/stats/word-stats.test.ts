import { describe, expect, it } from 'vitest'
import { searchFor, topTerms, wordRuns } from './word-stats.ts'

describe('word statistics', () => {
  it('splits words with the language’s segmenter and ends a run at a sound marker', () => {
    expect(wordRuns("We're here [Music] Again, here!", 'en')).toEqual([
      ["we're", 'here'],
      ['again', 'here'],
    ])
    expect(wordRuns('我们坐地铁', 'zh')).toEqual([['我们', '坐', '地铁']])
  })

  it('splits elided words off in French and Italian, so the stop list can leave them out', () => {
    expect(wordRuns("C'est l’homme qu'il a vu aujourd'hui", 'fr-FR')).toEqual([
      ['c', 'est', 'l', 'homme', 'qu', 'il', 'a', 'vu', "aujourd'hui"],
    ])
    expect(wordRuns("Dell'anno all'una", 'it')).toEqual([['dell', 'anno', 'all', 'una']])
    expect(wordRuns("we're", 'en')).toEqual([["we're"]])
    const texts = [{ text: "C'est la ville. C'est magnifique, qu'il dit", lang: 'fr' }]
    expect(topTerms(texts, { n: 1, dropStopWords: true, limit: 3 }).map((t) => t.term)).toEqual([
      'dit',
      'magnifique',
      'ville',
    ])
  })

  it('links each term to a search the query language accepts, else to the exact text', () => {
    expect(searchFor(['metro'], 'en')).toEqual({ q: 'metro', match: 'words' })
    expect(searchFor(['metro', 'station'], 'en')).toEqual({ q: '"metro station"', match: 'words' })
    expect(searchFor(['地铁'], 'zh-Hans')).toEqual({ q: '地铁', match: 'substring' })
    expect(searchFor(['_init'], 'en')).toEqual({ q: '_init', match: 'substring' })
  })

  it('ranks by count, then by the term, and keeps stop-word-edged n-grams out only when asked', () => {
    const texts = [
      { text: 'the city of light', lang: 'en' },
      { text: 'the city of light', lang: 'en' },
      { text: 'a city', lang: 'en' },
    ]
    expect(topTerms(texts, { n: 3, dropStopWords: true, limit: 5 }).map((t) => [t.term, t.count])).toEqual([
      ['city of light', 2],
    ])
    expect(topTerms(texts, { n: 1, dropStopWords: false, limit: 2 }).map((t) => [t.term, t.count])).toEqual([
      ['city', 3],
      ['light', 2],
    ])
  })
})
