/** Location and radius rules shared by the SPA form and the function's validation. */
import { MAX_RADIUS_KM, RADIUS_UNITS, type RadiusUnit } from './enums.ts'

export const KM_PER_UNIT: Record<RadiusUnit, number> = { km: 1, m: 0.001, mi: 1.609344, ft: 0.0003048 }

export function toKm(value: number, unit: RadiusUnit): number {
  return value * KM_PER_UNIT[unit]
}

export function fromKm(km: number, unit: RadiusUnit): number {
  return km / KM_PER_UNIT[unit]
}

/** The largest radius allowed, in the given unit (1000 km = 621.371 mi = 3,280,840 ft). */
export function maxRadiusIn(unit: RadiusUnit): number {
  return fromKm(MAX_RADIUS_KM, unit)
}

export type Check<T> = { ok: true; value: T } | { ok: false; message: string }

function checkLatLng(lat: number, lng: number): Check<{ lat: number; lng: number }> {
  if (!Number.isFinite(lat) || lat < -90 || lat > 90)
    return { ok: false, message: 'Latitude must be a number from -90 to 90.' }
  if (!Number.isFinite(lng) || lng < -180 || lng > 180)
    return { ok: false, message: 'Longitude must be a number from -180 to 180.' }
  return { ok: true, value: { lat, lng } }
}

export { formatLocation, type LatLng } from './location-format.ts'

/** `48.8566,2.3522` → coordinates, with a message naming what is wrong. */
export function parseLocation(s: string): Check<{ lat: number; lng: number }> {
  const m = /^\s*([+-]?\d+(?:\.\d+)?)\s*,\s*([+-]?\d+(?:\.\d+)?)\s*$/.exec(s)
  if (!m)
    return {
      ok: false,
      message: 'location must be "<latitude>,<longitude>" in decimal degrees, e.g. 48.8566,2.3522.',
    }
  return checkLatLng(Number(m[1]), Number(m[2]))
}

/** The smallest radius that survives formatKm's six decimals. */
export const MIN_RADIUS_KM = 0.000001

export function checkRadius(value: number, unit: RadiusUnit): Check<{ km: number }> {
  if (!Number.isFinite(value) || value <= 0)
    return { ok: false, message: 'The radius must be greater than 0.' }
  const km = toKm(value, unit)
  // The service is sent km to six decimals: anything under 1 mm would be sent as 0km.
  if (km < MIN_RADIUS_KM - 1e-12)
    return { ok: false, message: 'The radius must be at least 1 mm (0.000001 km).' }
  if (km > MAX_RADIUS_KM + 1e-9) {
    const max = maxRadiusIn(unit)
    return {
      ok: false,
      message:
        unit === 'km'
          ? 'The radius can be at most 1000 km.'
          : `The radius can be at most 1000 km (${formatNumber(max)} ${unit}).`,
    }
  }
  return { ok: true, value: { km } }
}

/** `25km`, `500 m`, `3mi`, `1000ft` → km, with a message naming the allowed units. */
export function parseRadius(s: string): Check<{ km: number; value: number; unit: RadiusUnit }> {
  const m = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*([a-zA-Z]+)\s*$/.exec(s)
  if (!m)
    return {
      ok: false,
      message: `locationRadius must be a positive number with a unit (${RADIUS_UNITS.join(', ')}), e.g. 25km.`,
    }
  const unit = m[2]!.toLowerCase() as RadiusUnit
  if (!RADIUS_UNITS.includes(unit))
    return { ok: false, message: `locationRadius unit "${m[2]}" is not one of ${RADIUS_UNITS.join(', ')}.` }
  const value = Number(m[1])
  const r = checkRadius(value, unit)
  return r.ok ? { ok: true, value: { km: r.value.km, value, unit } } : r
}

/** Radius as the service wants it: km, without float noise. */
export function formatKm(km: number): string {
  return `${Number(km.toFixed(6))}km`
}

export function formatNumber(n: number): string {
  return Number(n.toFixed(3)).toLocaleString('en-US')
}

const EARTH_RADIUS_KM = 6371.0088

/** Great-circle distance (haversine). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180
  const dLat = (b.lat - a.lat) * rad
  const dLng = (b.lng - a.lng) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}
