import { describe, expect, it } from 'vitest'
import { cleanCues, cleanCueText, rollingRemainder, soundsIn } from './clean-text.ts'
import { textSearchConfig } from './text-search-config.ts'

const cue = (text: string, offset: number, duration = 1) => ({ text, offset, duration })

describe('cue cleaning', () => {
  it('decodes entities until stable, as the studio does', () => {
    expect(cleanCueText('we&amp;#39;re no strangers to')).toBe("we're no strangers to")
    expect(cleanCueText('a &amp;amp;amp; b')).toBe('a & b')
    expect(cleanCueText('caf&eacute; &lt;3 &#x1F600;')).toBe('café <3 😀')
    expect(cleanCueText('rock & roll')).toBe('rock & roll')
  })

  it('drops control characters and trims, keeping inner line breaks', () => {
    expect(cleanCueText('  line one\u0001\nline two\u0002 ')).toBe('line one\nline two')
  })

  it('lists sound markers lower-cased, once each, and keeps them in the text', () => {
    expect(soundsIn('[Music] hello [ Applause ] [music]')).toEqual(['music', 'applause'])
    const [only] = cleanCues([cue('[Music]', 0, 14.65)])
    expect(only).toEqual({ seq: 0, start: 0, duration: 14.65, text: '[Music]', sounds: ['music'] })
  })

  it('keeps only the new words of a rolling cue, with its own timings; a pure repeat is dropped', () => {
    const cleaned = cleanCues([
      cue('so today we', 0, 2),
      cue('so today we are going', 2, 2),
      cue('so today we are going', 4, 0.01),
      cue('to the metropolis', 4.01, 2),
    ])
    expect(cleaned.map((c) => [c.seq, c.start, c.duration, c.text])).toEqual([
      [0, 0, 2, 'so today we'],
      [1, 2, 2, 'are going'],
      [2, 4.01, 2, 'to the metropolis'],
    ])
  })

  it('rolls two-line windows by their last line, and leaves cues that merely share a first word alone', () => {
    expect(rollingRemainder('first line\nsecond line', 'second line\nthird line')).toBe('third line')
    expect(rollingRemainder('yes', 'yes')).toBe('')
    expect(rollingRemainder('yes we can', 'yes indeed')).toBeUndefined()
    expect(rollingRemainder('metro', 'metropolis now')).toBeUndefined()
  })

  it('compares decoded text: an escaped repeat still rolls', () => {
    const cleaned = cleanCues([cue('we&#39;re here', 0), cue('we&amp;#39;re here now', 1)])
    expect(cleaned.map((c) => c.text)).toEqual(["we're here", 'now'])
  })
})

describe('textSearchConfig', () => {
  it('maps languages with a Postgres stemmer, regional variants by their primary tag, and the rest to simple', () => {
    expect(textSearchConfig('en')).toBe('english')
    expect(textSearchConfig('en-GB')).toBe('english')
    expect(textSearchConfig('es-419')).toBe('spanish')
    expect(textSearchConfig('pt-PT')).toBe('portuguese')
    expect(textSearchConfig('sr-Latn')).toBe('serbian')
    expect(textSearchConfig('no')).toBe('norwegian')
    expect(textSearchConfig('ja')).toBe('simple')
    expect(textSearchConfig('zh-Hans')).toBe('simple')
    expect(textSearchConfig('ko')).toBe('simple')
  })
})
