import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { CaptionFormat } from '#contract/index.ts'
import type { Cue } from '../types.ts'
import { toMs } from './cue-timing.ts'
import { renderCaptions } from './index.ts'
import { normaliseText, readCaptions, xmlIsWellFormed } from '../testing/test-readers.ts'

const XML_FORMATS: CaptionFormat[] = ['xml', 'srv1', 'srv2', 'srv3', 'ttml']
const SOURCES = ['manual', 'asr'] as const
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u

const TRICKY = [
  '<',
  '>',
  '&',
  ']]>',
  '"',
  "'",
  '&amp;',
  '&#39;',
  '&quot;',
  '&lt;',
  '<br/>',
  '\n',
  ' ',
  'a',
  'é',
  '中',
  'ש',
  'ع',
  '😀',
]
/** Anything at all, controls, lone surrogates and U+FFFE included: the writers must still produce well-formed XML. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({ unit: fc.constantFrom(...TRICKY, '\u0000', '\u0008', '\uFFFE', '\uD800') }),
)
/** Characters XML can carry: the text must also survive the round trip. */
const carriableText = fc.string({ unit: fc.constantFrom(...TRICKY) })

function cuesFrom(texts: fc.Arbitrary<string>): fc.Arbitrary<Cue[]> {
  return fc
    .array(
      fc.record({
        gapMs: fc.integer({ min: 1, max: 5000 }),
        durMs: fc.integer({ min: 1000, max: 8000 }),
        text: texts,
      }),
      { maxLength: 12 },
    )
    .map((drafts) => {
      let atMs = 0
      return drafts.map(({ gapMs, durMs, text }) => {
        atMs += gapMs
        return { offset: atMs / 1000, duration: durMs / 1000, text, lang: 'en' }
      })
    })
}

describe('XML formats stay well-formed whatever the cue text', () => {
  it('parses with fast-xml-parser and keeps one element per cue for any text', () => {
    fc.assert(
      fc.property(cuesFrom(anyText), fc.constantFrom(...SOURCES), (cues, source) => {
        for (const format of XML_FORMATS) {
          const { body } = renderCaptions(format, cues, { lang: 'en', source, languageName: 'English' })
          expect(xmlIsWellFormed(body), format).toBe(true)
          // XML forbids `]]>` in character data; fast-xml-parser's validator lets it pass, so check it here (we never write CDATA).
          expect(body, format).not.toContain(']]>')
          // Nor does it reject characters XML 1.0 cannot carry (controls, lone surrogates, U+FFFE): the writers drop them.
          expect(NOT_XML_CHAR.test(body), format).toBe(false)
          expect(readCaptions(format, body), format).toHaveLength(cues.length)
        }
      }),
      { numRuns: 150 },
    )
  })

  it('round-trips text made of markup characters, entities, quotes, RTL, CJK and emoji', () => {
    fc.assert(
      fc.property(cuesFrom(carriableText), fc.constantFrom(...SOURCES), (cues, source) => {
        const expected = cues.map((cue) => ({ startMs: toMs(cue.offset), text: normaliseText(cue.text) }))
        for (const format of XML_FORMATS) {
          const { body } = renderCaptions(format, cues, { lang: 'en', source, languageName: 'English' })
          const read = readCaptions(format, body).map((cue) => ({
            startMs: cue.startMs,
            text: normaliseText(cue.text),
          }))
          expect(read, format).toEqual(expected)
        }
      }),
      { numRuns: 150 },
    )
  })
})
