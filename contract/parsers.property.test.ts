import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkRadius, parseLocation, parseRadius } from './geo.ts'
import { normaliseHandle, parentOfCommentId } from './identifiers.ts'
import { parseCoordinates, parsePaste, parseTimeParam } from './paste.ts'
import { RADIUS_UNITS } from './enums.ts'

/** Inputs a hostile or careless paste can hold: unicode, control characters, huge numbers, injection attempts. */
const nasty = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.constantFrom(
    '<script>alert(1)</script>',
    "'; DROP TABLE videos; --",
    'javascript:alert(1)',
    '../../etc/passwd',
    '%00%ff%fe',
    '1e309,1e309',
    '-0,-0',
    'NaN,Infinity',
    '9'.repeat(400),
    'https://www.youtube.com/watch?v=' + '\u202e'.repeat(20),
    'https://youtu.be/%E0%A4%A',
    'https://www.youtube.com/@%',
  ),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
)

describe('every parser answers, never throws', () => {
  it('parsePaste returns ok or a reason for any input', () => {
    fc.assert(
      fc.property(nasty, (s) => {
        const r = parsePaste(s)
        expect(typeof r.ok).toBe('boolean')
        if (!r.ok) expect(r.reason.length).toBeGreaterThan(0)
      }),
      { numRuns: 3000 },
    )
  })

  it('the small parsers never throw', () => {
    fc.assert(
      fc.property(nasty, (s) => {
        parseLocation(s)
        parseRadius(s)
        parseCoordinates(s)
        parseTimeParam(s)
        normaliseHandle(s)
        parentOfCommentId(s)
      }),
      { numRuns: 3000 },
    )
  })
})

describe('properties that must hold', () => {
  it('parseLocation accepts exactly the in-range coordinates', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -200, max: 200, noNaN: true }),
        fc.double({ min: -400, max: 400, noNaN: true }),
        (lat, lng) => {
          const r = parseLocation(`${lat.toFixed(5)},${lng.toFixed(5)}`)
          const latR = Number(lat.toFixed(5))
          const lngR = Number(lng.toFixed(5))
          expect(r.ok).toBe(latR >= -90 && latR <= 90 && lngR >= -180 && lngR <= 180)
        },
      ),
    )
  })

  it('a parsed radius is always in (0, 1000] km whatever the unit', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 5e6, noNaN: true }),
        fc.constantFrom(...RADIUS_UNITS),
        (value, unit) => {
          const written = value.toFixed(3)
          const r = parseRadius(`${written}${unit}`)
          if (r.ok) {
            expect(r.value.km).toBeGreaterThan(0)
            expect(r.value.km).toBeLessThanOrEqual(1000 + 1e-9)
          }
          expect(r.ok).toBe(checkRadius(Number(written), unit).ok)
        },
      ),
    )
  })

  it('a pasted video id always routes to that video', () => {
    const idChar = fc.constantFrom(
      ...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_-'.split(''),
    )
    fc.assert(
      fc.property(
        fc.array(idChar, { minLength: 11, maxLength: 11 }).map((a) => a.join('')),
        (id) => {
          for (const url of [
            `https://www.youtube.com/watch?v=${id}`,
            `https://youtu.be/${id}`,
            `https://www.youtube.com/shorts/${id}`,
          ]) {
            expect(parsePaste(url)).toEqual({ ok: true, target: { kind: 'video', videoId: id } })
          }
        },
      ),
    )
  })
})
