import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseLocation, parseRadius } from './geo.ts'
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

  // The oracle: the units' definitions (1 mi = 1609.344 m, 1 ft = 0.3048 m exactly), not geo.ts's table.
  const METRES_PER: Record<(typeof RADIUS_UNITS)[number], number> = {
    km: 1000,
    m: 1,
    mi: 1609.344,
    ft: 0.3048,
  }
  const RUNS = 300
  /** A radius written in a unit, with its length in km worked out here; `km` kept clear of the limits' rounding. */
  const written = (kmMin: number, kmMax: number, digits = 6) =>
    fc
      .tuple(fc.double({ min: kmMin, max: kmMax, noNaN: true }), fc.constantFrom(...RADIUS_UNITS))
      .map(([km, unit]) => {
        const text = ((km * 1000) / METRES_PER[unit]).toFixed(digits)
        return { text, unit, km: (Number(text) * METRES_PER[unit]) / 1000 }
      })

  it('parses every radius from 1 m to 999 km, in each unit, to its length in km', () => {
    let checked = 0
    fc.assert(
      fc.property(
        written(0.001, 999),
        fc.constantFrom('', ' '),
        fc.boolean(),
        ({ text, unit, km }, gap, upper) => {
          const r = parseRadius(`${text}${gap}${upper ? unit.toUpperCase() : unit}`)
          expect(r).toEqual({
            ok: true,
            value: { km: expect.closeTo(km, 9) as number, value: Number(text), unit },
          })
          checked++
        },
      ),
      { numRuns: RUNS },
    )
    expect(checked).toBe(RUNS)
  })

  it('refuses every radius of 0, under 1 mm, over 1000 km, or in another unit, saying why', () => {
    const refused = fc.oneof(
      fc.constantFrom(...RADIUS_UNITS).map((unit) => ({ input: `0${unit}`, why: /greater than 0/ })),
      written(1e-9, 0.00000099, 12).map(({ text, unit }) => ({
        input: `${text}${unit}`,
        why: /at least 1 mm/,
      })),
      written(1000.01, 1e6).map(({ text, unit }) => ({ input: `${text}${unit}`, why: /at most 1000 km/ })),
      fc
        .tuple(fc.integer({ min: 1, max: 999 }), fc.constantFrom('yd', 'nm', 'kms', 'miles', 'cm'))
        .map(([n, unit]) => ({ input: `${n}${unit}`, why: /is not one of km, m, mi, ft/ })),
      fc.integer({ min: 1, max: 999 }).map((n) => ({ input: `-${n}km`, why: /positive number with a unit/ })),
    )
    let checked = 0
    fc.assert(
      fc.property(refused, ({ input, why }) => {
        const r = parseRadius(input)
        expect(r.ok).toBe(false)
        if (!r.ok) expect(r.message).toMatch(why)
        checked++
      }),
      { numRuns: RUNS },
    )
    expect(checked).toBe(RUNS)
  })

  it('takes the limits themselves: 1 mm and 1000 km in every unit', () => {
    for (const unit of RADIUS_UNITS)
      for (const km of [0.000001, 1000]) {
        const r = parseRadius(`${((km * 1000) / METRES_PER[unit]).toFixed(20)}${unit}`)
        expect(r.ok && r.value.km).toBeCloseTo(km, 9)
      }
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
