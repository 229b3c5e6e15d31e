import { describe, expect, it } from 'vitest'
import { checkRadius, distanceKm, formatKm, maxRadiusIn, parseLocation, parseRadius, toKm } from './geo.ts'

describe('radius units', () => {
  it('converts the 1000 km cap into every unit', () => {
    expect(maxRadiusIn('km')).toBe(1000)
    expect(maxRadiusIn('m')).toBe(1_000_000)
    expect(maxRadiusIn('mi')).toBeCloseTo(621.371, 3)
    expect(Math.round(maxRadiusIn('ft'))).toBe(3_280_840)
  })
  it('accepts the cap and refuses beyond it, zero and negatives', () => {
    expect(checkRadius(621.371, 'mi').ok).toBe(true)
    expect(checkRadius(622, 'mi')).toEqual({
      ok: false,
      message: 'The radius can be at most 1000 km (621.371 mi).',
    })
    expect(checkRadius(0, 'km').ok).toBe(false)
    expect(checkRadius(-5, 'km').ok).toBe(false)
    expect(checkRadius(Number.NaN, 'km').ok).toBe(false)
  })
  it('parses the service form and names the allowed units', () => {
    expect(parseRadius('25km')).toEqual({ ok: true, value: { km: 25, value: 25, unit: 'km' } })
    expect(parseRadius('500 m')).toEqual({ ok: true, value: { km: 0.5, value: 500, unit: 'm' } })
    const r = parseRadius('3 leagues')
    expect(r.ok || r.message).toMatch(/not one of km, m, mi, ft/)
    expect(parseRadius('abc').ok).toBe(false)
    expect(formatKm(toKm(3, 'mi'))).toBe('4.828032km')
  })
})

describe('parseLocation', () => {
  it('reads lat,lng and names the wrong part', () => {
    expect(parseLocation('48.8566,2.3522')).toEqual({ ok: true, value: { lat: 48.8566, lng: 2.3522 } })
    const lat = parseLocation('95,2')
    expect(lat.ok || lat.message).toMatch(/Latitude/)
    const lng = parseLocation('45,-190')
    expect(lng.ok || lng.message).toMatch(/Longitude/)
    expect(parseLocation('paris').ok).toBe(false)
  })
})

describe('distanceKm', () => {
  it('measures Paris to London as about 344 km', () => {
    expect(distanceKm({ lat: 48.8566, lng: 2.3522 }, { lat: 51.5074, lng: -0.1278 })).toBeCloseTo(343.5, 0)
  })
})

describe('radius floor', () => {
  it('refuses a radius the service would be sent as 0km, naming the smallest one', () => {
    for (const r of ['0.001ft', '0.0001m', '0.0000009km']) {
      const parsed = parseRadius(r)
      expect(parsed.ok, r).toBe(false)
      if (!parsed.ok) expect(parsed.message).toBe('The radius must be at least 1 mm (0.000001 km).')
    }
    const mm = parseRadius('0.001m')
    expect(mm.ok && formatKm(mm.value.km)).toBe('0.000001km')
  })
})
