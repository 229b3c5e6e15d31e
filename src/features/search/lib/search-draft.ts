/** The search form's editable state (text as typed) and its rules; the URL holds only submitted searches. */
import {
  checkRadius,
  formatNumber,
  fromKm,
  MAX_RADIUS_KM,
  maxRadiusIn,
  parseCoordinates,
  toKm,
  type RadiusUnit,
} from '#contract/index.ts'
import { parseDecimal, roundCoordinate, type SearchInput, type SearchUrlState } from './search-url.ts'

export type SearchDraft = { lat: string; lng: string; coords: string; radius: string; unit: RadiusUnit }
export type DraftField = 'coords' | 'lat' | 'lng' | 'radius'
type DraftErrors = Partial<Record<DraftField, string>>
export type LatLng = { lat: number; lng: number }

export type ParsedDraft = {
  /** The point, when both coordinates are valid (the map shows it even if the radius is not). */
  point: LatLng | undefined
  radiusKm: number | undefined
  errors: DraftErrors
  /** Present only when the whole form is valid. */
  input: SearchInput | undefined
}

export function draftFromUrl(url: SearchUrlState): SearchDraft {
  const [lat = '', lng = ''] = url.raw.location.split(',').map((s) => s.trim())
  return { lat, lng, coords: coordsText(lat, lng), radius: url.raw.radius, unit: url.raw.unit }
}

function coordsText(lat: string, lng: string): string {
  return lat && lng ? `${lat}, ${lng}` : ''
}

function coordinateError(text: string, name: 'Latitude' | 'Longitude', limit: 90 | 180): string | undefined {
  if (!text.trim()) return `Enter a ${name.toLowerCase()} from -${limit} to ${limit}, or click the map.`
  const n = parseDecimal(text)
  return n === undefined || Math.abs(n) > limit
    ? `${name} must be a number from -${limit} to ${limit}.`
    : undefined
}

/** Names the field and the limit in the researcher's unit: "The radius can be at most 1000 km (621.371 mi)." */
export function radiusError(text: string, unit: RadiusUnit): string | undefined {
  if (!text.trim()) return 'Enter a radius greater than 0.'
  const value = parseDecimal(text)
  if (value === undefined) return `The radius must be a number, e.g. 10 (not "${text.trim()}").`
  const r = checkRadius(value, unit)
  if (r.ok) return undefined
  if (value <= 0) return r.message
  return unit === 'km'
    ? `The radius can be at most ${MAX_RADIUS_KM} km.`
    : `The radius can be at most ${MAX_RADIUS_KM} km (${formatNumber(maxRadiusIn(unit))} ${unit}).`
}

const COORDS_HELP =
  'Paste coordinates like "48.8566, 2.3522" or a map link (OpenStreetMap, Google Maps, Bing, Apple Maps).'

export function parseDraft(d: SearchDraft): ParsedDraft {
  const errors: DraftErrors = {}
  const latError = coordinateError(d.lat, 'Latitude', 90)
  const lngError = coordinateError(d.lng, 'Longitude', 180)
  if (latError) errors.lat = latError
  if (lngError) errors.lng = lngError
  if (d.coords.trim() && !parseCoordinates(d.coords))
    errors.coords = `No coordinates found in the coordinates field. ${COORDS_HELP}`
  const rError = radiusError(d.radius, d.unit)
  if (rError) errors.radius = rError
  const point = latError || lngError ? undefined : { lat: Number(d.lat), lng: Number(d.lng) }
  const radius = parseDecimal(d.radius)
  const radiusKm = rError || radius === undefined ? undefined : toKm(radius, d.unit)
  const valid = point && radius !== undefined && Object.keys(errors).length === 0
  return {
    point,
    radiusKm,
    errors,
    input: valid
      ? { lat: roundCoordinate(point.lat), lng: roundCoordinate(point.lng), radius, unit: d.unit }
      : undefined,
  }
}

/** Map clicks and drags can pass the antimeridian; the service wants -180..180. */
function wrapLng(lng: number): number {
  return ((((lng + 180) % 360) + 360) % 360) - 180
}

export function withPoint(d: SearchDraft, p: LatLng): SearchDraft {
  const lat = String(roundCoordinate(Math.max(-90, Math.min(90, p.lat))))
  const lng = String(roundCoordinate(wrapLng(p.lng)))
  return { ...d, lat, lng, coords: coordsText(lat, lng) }
}

export function withLatText(d: SearchDraft, lat: string): SearchDraft {
  return { ...d, lat, coords: coordsText(lat.trim(), d.lng.trim()) }
}

export function withLngText(d: SearchDraft, lng: string): SearchDraft {
  return { ...d, lng, coords: coordsText(d.lat.trim(), lng.trim()) }
}

/** Typing or pasting into the coordinates field sets the point as soon as the text holds coordinates. */
export function withCoordsText(d: SearchDraft, coords: string): SearchDraft {
  const p = parseCoordinates(coords)
  return p ? { ...withPoint(d, p), coords } : { ...d, coords }
}

/** `km` in the unit, to `significant` digits; at or past the limit exactly the limit (621.371 mi); never 0. */
export function radiusText(km: number, unit: RadiusUnit, significant: number): string {
  const max = maxRadiusIn(unit)
  const atMax = Math.floor(max * 1000) / 1000
  if (km >= MAX_RADIUS_KM) return String(atMax)
  let r = Number(fromKm(km, unit).toPrecision(significant))
  if (r > max) r = atMax
  if (r <= 0) r = Number((10 ** -significant).toPrecision(1))
  return String(r)
}

/** Dragging the handle: three significant digits are as precise as a mouse is. */
export function withRadiusKm(d: SearchDraft, km: number): SearchDraft {
  return { ...d, radius: radiusText(km, d.unit, 3) }
}

/** Switching unit keeps the circle: the number is converted (10 km → 6.21371 mi). */
export function withUnit(d: SearchDraft, unit: RadiusUnit): SearchDraft {
  const value = parseDecimal(d.radius)
  if (value === undefined || value <= 0) return { ...d, unit }
  const km = toKm(value, d.unit)
  // A radius over the limit stays over it (converted), so its error stays visible instead of being clamped away.
  return {
    ...d,
    unit,
    radius: km > MAX_RADIUS_KM ? String(Number(fromKm(km, unit).toPrecision(6))) : radiusText(km, unit, 6),
  }
}
