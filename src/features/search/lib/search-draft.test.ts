import { describe, expect, it } from 'vitest'
import { maxRadiusIn, toKm } from '#contract/index.ts'
import {
  draftFromUrl,
  parseDraft,
  radiusError,
  radiusText,
  withCoordsText,
  withLatText,
  withPoint,
  withRadiusKm,
  withUnit,
  type SearchDraft,
} from './search-draft.ts'
import { parseSearchUrl } from './search-url.ts'

const empty: SearchDraft = { lat: '', lng: '', coords: '', radius: '10', unit: 'km' }
const paris: SearchDraft = {
  lat: '48.8566',
  lng: '2.3522',
  coords: '48.8566, 2.3522',
  radius: '10',
  unit: 'km',
}

describe('unit conversion and bounds', () => {
  it('1000 km = 621.371 mi = 3,280,840 ft = 1,000,000 m', () => {
    expect(maxRadiusIn('km')).toBe(1000)
    expect(maxRadiusIn('mi')).toBeCloseTo(621.371, 3)
    expect(Math.round(maxRadiusIn('ft'))).toBe(3_280_840)
    expect(maxRadiusIn('m')).toBeCloseTo(1_000_000, 6)
    expect(toKm(621.371, 'mi')).toBeCloseTo(1000, 3)
  })

  it('accepts the limit and refuses just past it, naming the limit in the unit used', () => {
    expect(radiusError('1000', 'km')).toBeUndefined()
    expect(radiusError('621.371', 'mi')).toBeUndefined()
    expect(radiusError('3280839', 'ft')).toBeUndefined()
    expect(radiusError('1000000', 'm')).toBeUndefined()
    expect(radiusError('1000.1', 'km')).toBe('The radius can be at most 1000 km.')
    expect(radiusError('622', 'mi')).toBe('The radius can be at most 1000 km (621.371 mi).')
    expect(radiusError('3300000', 'ft')).toBe('The radius can be at most 1000 km (3,280,839.895 ft).')
    expect(radiusError('1000001', 'm')).toBe('The radius can be at most 1000 km (1,000,000 m).')
  })

  it('refuses 0, negatives, empty and non-numbers', () => {
    expect(radiusError('0', 'km')).toBe('The radius must be greater than 0.')
    expect(radiusError('-5', 'mi')).toBe('The radius must be greater than 0.')
    expect(radiusError('', 'km')).toBe('Enter a radius greater than 0.')
    expect(radiusError('ten', 'km')).toBe('The radius must be a number, e.g. 10 (not "ten").')
  })

  it('changing the unit keeps the circle (converts the number)', () => {
    expect(withUnit(paris, 'mi').radius).toBe('6.21371')
    expect(withUnit(paris, 'm').radius).toBe('10000')
    expect(withUnit({ ...paris, radius: '1000' }, 'mi').radius).toBe('621.371')
    expect(withUnit({ ...paris, radius: '1000' }, 'ft').radius).toBe('3280839.895')
    expect(parseDraft(withUnit({ ...paris, radius: '1000' }, 'ft')).errors.radius).toBeUndefined()
    // An over-limit radius stays over the limit, so its error stays visible.
    expect(parseDraft(withUnit({ ...paris, radius: '2000' }, 'mi')).errors.radius).toBe(
      'The radius can be at most 1000 km (621.371 mi).',
    )
    // Text that is not a radius is left alone.
    expect(withUnit({ ...paris, radius: 'abc' }, 'mi')).toMatchObject({ radius: 'abc', unit: 'mi' })
  })

  it('a dragged radius is rounded to 3 significant digits, clamped to the limit and never 0', () => {
    expect(withRadiusKm(paris, 12.3456).radius).toBe('12.3')
    expect(withRadiusKm({ ...paris, unit: 'm' }, 1.23456).radius).toBe('1230')
    expect(withRadiusKm(paris, 5000).radius).toBe('1000')
    expect(withRadiusKm({ ...paris, unit: 'ft' }, 5000).radius).toBe('3280839.895')
    expect(Number(radiusText(0, 'km', 3))).toBeGreaterThan(0)
  })
})

describe('the form state', () => {
  it('is valid with a point and a radius', () => {
    expect(parseDraft(paris)).toEqual({
      point: { lat: 48.8566, lng: 2.3522 },
      radiusKm: 10,
      errors: {},
      input: { lat: 48.8566, lng: 2.3522, radius: 10, unit: 'km' },
    })
  })

  it('names the missing or wrong coordinate', () => {
    expect(parseDraft(empty).errors).toEqual({
      lat: 'Enter a latitude from -90 to 90, or click the map.',
      lng: 'Enter a longitude from -180 to 180, or click the map.',
    })
    const bad = parseDraft({ ...paris, lat: '95', coords: '' })
    expect(bad.errors).toEqual({ lat: 'Latitude must be a number from -90 to 90.' })
    expect(bad.input).toBeUndefined()
    expect(bad.point).toBeUndefined()
  })

  it('keeps the point for the map when only the radius is wrong', () => {
    const p = parseDraft({ ...paris, radius: '5000' })
    expect(p.point).toEqual({ lat: 48.8566, lng: 2.3522 })
    expect(p.radiusKm).toBeUndefined()
    expect(p.input).toBeUndefined()
  })

  it('comes from the URL, even when the URL is wrong', () => {
    expect(
      draftFromUrl(parseSearchUrl(new URLSearchParams('location=48.8566,2.3522&radius=3&unit=mi'))),
    ).toEqual({
      lat: '48.8566',
      lng: '2.3522',
      coords: '48.8566, 2.3522',
      radius: '3',
      unit: 'mi',
    })
    expect(draftFromUrl(parseSearchUrl(new URLSearchParams('location=1,2&radius=9999&unit=km'))).radius).toBe(
      '9999',
    )
    expect(draftFromUrl(parseSearchUrl(new URLSearchParams('')))).toEqual(empty)
  })

  it('a map click sets the point rounded to 5 decimals, wraps longitude and keeps the coordinates field in step', () => {
    expect(withPoint(empty, { lat: 48.856612345, lng: 2.352219876 })).toMatchObject({
      lat: '48.85661',
      lng: '2.35222',
      coords: '48.85661, 2.35222',
    })
    expect(withPoint(empty, { lat: 10, lng: 190 })).toMatchObject({ lng: '-170' })
    expect(withPoint(empty, { lat: 10, lng: -181 })).toMatchObject({ lng: '179' })
  })

  it('typing a latitude updates the coordinates field', () => {
    expect(withLatText(paris, '40').coords).toBe('40, 2.3522')
    expect(withLatText({ ...paris, lng: '' }, '40').coords).toBe('')
  })
})

describe('pasting into the coordinates field', () => {
  const cases: [string, string, string][] = [
    ['48.8566, 2.3522', '48.8566', '2.3522'],
    ['-33.8688 151.2093', '-33.8688', '151.2093'],
    ['https://www.google.com/maps/@48.8583701,2.2944813,17z', '48.85837', '2.29448'],
    ['https://www.openstreetmap.org/#map=15/35.6762/139.6503', '35.6762', '139.6503'],
    ['https://www.openstreetmap.org/?mlat=-1.2921&mlon=36.8219#map=12/-1.2921/36.8219', '-1.2921', '36.8219'],
    ['https://maps.google.com/?q=40.7128,-74.0060', '40.7128', '-74.006'],
  ]
  for (const [pasted, lat, lng] of cases) {
    it(`sets the point from ${pasted}`, () => {
      const d = withCoordsText(empty, pasted)
      expect(d).toMatchObject({ lat, lng, coords: pasted })
      expect(parseDraft(d).errors).toEqual({})
    })
  }

  it('says so when there are no coordinates, leaves the point alone and blocks the search', () => {
    const d = withCoordsText(paris, 'the Eiffel Tower')
    expect(d).toMatchObject({ lat: '48.8566', lng: '2.3522' })
    const p = parseDraft(d)
    expect(p.errors.coords).toMatch(/^No coordinates found in the coordinates field/)
    expect(p.input).toBeUndefined()
  })
})
