import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CaptionItems } from '#contract/index.ts'
import { CaptionTrackItems } from './caption-items.ts'

const number = fc.oneof(fc.double(), fc.integer(), {
  weight: 3,
  arbitrary: fc.constantFrom(NaN, Infinity, -Infinity, -0, 2 ** 53, 2 ** 53 - 1, 1.5),
})
const wrongType = fc.oneof(
  fc.string(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(fc.integer(), { maxLength: 2 }),
)
/** Mostly well-formed items, with every way a field can be missing, mistyped or out of range. */
const fields = fc.record({
  text: fc.oneof(
    { weight: 4, arbitrary: fc.string() },
    { weight: 1, arbitrary: fc.oneof(number, wrongType) },
  ),
  offset: fc.oneof({ weight: 4, arbitrary: number }, { weight: 1, arbitrary: wrongType }),
  duration: fc.oneof({ weight: 4, arbitrary: number }, { weight: 1, arbitrary: wrongType }),
  lang: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('en', 'ja', '') },
    { weight: 1, arbitrary: fc.oneof(number, wrongType) },
  ),
  wordCount: fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 0, max: 40 }) },
    { weight: 1, arbitrary: fc.oneof(number, wrongType) },
  ),
  speechRate: fc.oneof({ weight: 4, arbitrary: number }, { weight: 1, arbitrary: wrongType }),
  extra: fc.anything(),
})
const item = fc
  .tuple(
    fields,
    fc.option(fc.constantFrom('text', 'offset', 'duration', 'lang', 'wordCount', 'speechRate', 'extra'), {
      freq: 4,
    }),
  )
  .map(([o, missing]) => {
    const copy: Record<string, unknown> = { ...o }
    if (missing) delete copy[missing]
    return copy
  })
const entry = fc.oneof(
  { weight: 9, arbitrary: item },
  { weight: 1, arbitrary: fc.oneof(wrongType, fc.constant([])) },
)

const valid = { text: 'hello', offset: 1.5, duration: 2, lang: 'en', wordCount: 1, speechRate: 40 }

describe('CaptionTrackItems', () => {
  it('gives the contract schema’s verdict on any input', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          { weight: 9, arbitrary: fc.array(entry, { maxLength: 4 }) },
          { weight: 1, arbitrary: fc.anything() },
        ),
        (value) => {
          expect(CaptionTrackItems.safeParse(value).success).toBe(CaptionItems.safeParse(value).success)
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('keeps every field of a valid track, extra ones included', () => {
    const track = [valid, { ...valid, offset: 3, isGenerated: true }]
    const parsed = CaptionTrackItems.safeParse(track)
    expect(parsed.success && parsed.data).toEqual(CaptionItems.parse(track))
  })

  it('rejects a bad item with zod’s message for it', () => {
    const parsed = CaptionTrackItems.safeParse([valid, { ...valid, wordCount: 1.5 }])
    expect(parsed.success).toBe(false)
    if (!parsed.success) expect(parsed.error.issues[0]?.message).toMatch(/int/i)
  })
})
