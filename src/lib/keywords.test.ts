import { describe, expect, it } from 'vitest'
import { parseKeywords } from './keywords.ts'

describe('parseKeywords', () => {
  it('splits on spaces and keeps quoted phrases whole', () => {
    expect(parseKeywords('"rick astley" music "never gonna give you up" pop')).toEqual([
      'rick astley',
      'music',
      'never gonna give you up',
      'pop',
    ])
  })

  it('handles runs of whitespace, line breaks and tabs between words', () => {
    expect(parseKeywords('  one\ttwo\n\n"three  four"  ')).toEqual(['one', 'two', 'three four'])
  })

  it('keeps the rest of the text as a phrase when a quote is not closed', () => {
    expect(parseKeywords('alpha "beta gamma')).toEqual(['alpha', 'beta gamma'])
  })

  it('drops empty quotes and duplicates, keeping the first occurrence', () => {
    expect(parseKeywords('a "" b a "b"')).toEqual(['a', 'b'])
  })

  it('keeps non-Latin scripts and punctuation inside words', () => {
    expect(parseKeywords('音楽 "música latina" rock&roll')).toEqual(['音楽', 'música latina', 'rock&roll'])
  })

  it('returns nothing for missing or blank text', () => {
    expect(parseKeywords(undefined)).toEqual([])
    expect(parseKeywords('   ')).toEqual([])
  })
})
