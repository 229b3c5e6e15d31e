/**
 * Reads an area from what a researcher pastes or uploads: GeoJSON (Polygon, MultiPolygon, Feature,
 * FeatureCollection or GeometryCollection of those) or a CSV of sites `lat,lon,radius_km[,label]`. Never throws:
 * bad input gives errors that say what is wrong and where.
 */
import Papa from 'papaparse'
import type { Position } from 'geojson'
import type { Area, AreaProblem, AreaResult, Site } from './area-types.ts'
import { placeOf, validateArea } from './validate-area.ts'

const AREA_KINDS = 'a Polygon, MultiPolygon, Feature or FeatureCollection'
const CSV_FORM = 'lat,lon,radius_km[,label]'

const fail = (message: string, where?: string): AreaResult => ({
  ok: false,
  errors: [where ? { message, where } : { message }],
})

function checked(area: Area): AreaResult {
  const errors = validateArea(area)
  return errors.length ? { ok: false, errors } : { ok: true, area }
}

type Polygons = { polygons: Position[][][]; errors: AreaProblem[] }

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** [lon, lat] of each position (an altitude is dropped); a position that is not numbers is reported by validation. */
function ringOf(value: unknown): Position[] | undefined {
  if (!Array.isArray(value)) return undefined
  const ring: Position[] = []
  for (const p of value) {
    if (!Array.isArray(p) || p.length < 2) return undefined
    ring.push([0, 1].map((i) => (typeof p[i] === 'number' ? (p[i] as number) : Number.NaN)))
  }
  return ring
}

function polygonOf(value: unknown): Position[][] | undefined {
  if (!Array.isArray(value)) return undefined
  const rings = value.map(ringOf)
  return rings.every((r): r is Position[] => r !== undefined) ? rings : undefined
}

/** Gathers polygons from any GeoJSON object; `path` names where in the input (feature 3). */
function collect(value: unknown, path: string, into: Polygons): void {
  const where = path || undefined
  const at = (message: string) => into.errors.push(where ? { message, where } : { message })
  if (!isObject(value) || typeof value.type !== 'string') {
    at(`Not GeoJSON: expected ${AREA_KINDS} (an object with a "type").`)
    return
  }
  switch (value.type) {
    case 'Polygon': {
      const polygon = polygonOf(value.coordinates)
      if (polygon) into.polygons.push(polygon)
      else
        at(
          'A Polygon\'s "coordinates" must be a list of rings, each a list of [longitude, latitude] positions.',
        )
      return
    }
    case 'MultiPolygon': {
      const polygons = Array.isArray(value.coordinates) ? value.coordinates.map(polygonOf) : [undefined]
      if (polygons.every((p): p is Position[][] => p !== undefined)) into.polygons.push(...polygons)
      else
        at(
          'A MultiPolygon\'s "coordinates" must be a list of polygons, each a list of rings of [longitude, latitude].',
        )
      return
    }
    case 'Feature':
      if (value.geometry === null || value.geometry === undefined) at('The Feature has no geometry.')
      else collect(value.geometry, path, into)
      return
    case 'FeatureCollection':
    case 'GeometryCollection': {
      const members = value.type === 'FeatureCollection' ? value.features : value.geometries
      const noun = value.type === 'FeatureCollection' ? 'feature' : 'geometry'
      if (!Array.isArray(members))
        at(`The ${value.type} has no list of ${noun === 'feature' ? 'features' : 'geometries'}.`)
      else members.forEach((m, i) => collect(m, [path, `${noun} ${i + 1}`].filter(Boolean).join(', '), into))
      return
    }
    case 'Point':
    case 'MultiPoint':
    case 'LineString':
    case 'MultiLineString':
      at(
        `A ${value.type} is not an area: draw or paste ${AREA_KINDS} of polygons, or a CSV of sites (${CSV_FORM}) to search around points.`,
      )
      return
    default:
      at(`Not GeoJSON: "${String(value.type).slice(0, 40)}" is not a GeoJSON type; expected ${AREA_KINDS}.`)
  }
}

/** A GeoJSON value already parsed (e.g. what Leaflet-Geoman's layers give with toGeoJSON()). */
export function parseAreaGeoJson(value: unknown): AreaResult {
  const found: Polygons = { polygons: [], errors: [] }
  collect(value, '', found)
  if (found.errors.length) return { ok: false, errors: found.errors.slice(0, 5) }
  if (found.polygons.length === 0) return fail('The GeoJSON holds no polygon: the area is empty.')
  return checked({ shapes: { type: 'MultiPolygon', coordinates: found.polygons } })
}

const HEADERS: Record<keyof Site, RegExp> = {
  lat: /^(lat|latitude)$/i,
  lon: /^(lon|lng|long|longitude)$/i,
  radiusKm: /^(radius_?km|radius|r|radius \(km\))$/i,
  label: /^(label|name|site)$/i,
}

const isNumeric = (s: string | undefined) => s !== undefined && s.trim() !== '' && Number.isFinite(Number(s))

/** Column positions from a header row, or the plain order lat, lon, radius_km, label. */
function columnsOf(first: string[]): { columns: Record<keyof Site, number>; header: boolean } | string {
  if (isNumeric(first[0])) return { columns: { lat: 0, lon: 1, radiusKm: 2, label: 3 }, header: false }
  const find = (k: keyof Site) => first.findIndex((h) => HEADERS[k].test(h.trim()))
  const columns = { lat: find('lat'), lon: find('lon'), radiusKm: find('radiusKm'), label: find('label') }
  const missing = (['lat', 'lon', 'radiusKm'] as const).filter((k) => columns[k] < 0)
  if (missing.length === 3) return `This is neither GeoJSON (${AREA_KINDS}) nor a CSV of sites (${CSV_FORM}).`
  if (missing.length)
    return `The CSV's header has no ${missing.map((k) => (k === 'radiusKm' ? 'radius_km' : k)).join(' or ')} column; the columns are ${CSV_FORM}.`
  return { columns, header: true }
}

/** A CSV of sites, one per line: `lat,lon,radius_km[,label]`, with or without a header line. */
function parseSitesCsv(text: string): AreaResult {
  const rows = Papa.parse<string[]>(text.trim(), { skipEmptyLines: 'greedy' }).data
  if (rows.length === 0) return fail(`The CSV is empty: write one site per line as ${CSV_FORM}.`)
  const layout = columnsOf(rows[0]!)
  if (typeof layout === 'string') return fail(layout, 'line 1')
  const { columns, header } = layout
  const sites: Site[] = []
  const errors: AreaProblem[] = []
  for (const [i, row] of rows.entries()) {
    if (header && i === 0) continue
    const where = `line ${i + 1}`
    const cell = (k: keyof Site) => row[columns[k]]?.trim()
    const bad = (['lat', 'lon', 'radiusKm'] as const).find((k) => !isNumeric(cell(k)))
    if (bad) {
      const name = bad === 'radiusKm' ? 'radius_km' : bad
      errors.push({
        message: `"${cell(bad) ?? ''}" is not a number (${name}); each line is ${CSV_FORM}.`,
        where,
      })
    } else {
      const label = columns.label >= 0 ? cell('label') : undefined
      sites.push({
        lat: Number(cell('lat')),
        lon: Number(cell('lon')),
        radiusKm: Number(cell('radiusKm')),
        ...(label ? { label } : {}),
      })
    }
    if (errors.length >= 5) break
  }
  if (errors.length) return { ok: false, errors }
  const result = checked({ sites })
  // Validation counts sites from 1; the file counts lines (a header moves them by one).
  if (result.ok) return result
  return {
    ok: false,
    errors: result.errors.map((e) => {
      const n = /^site (\d+)$/.exec(e.where ?? '')
      return n ? { ...e, where: `line ${Number(n[1]) + (header ? 1 : 0)}` } : e
    }),
  }
}

/** Text pasted or read from a file; the file name (`.csv`, `.geojson`, `.json`) only breaks a tie. */
export function parseAreaText(text: string, fileName?: string): AreaResult {
  const trimmed = text.replace(/^\uFEFF/, '').trim()
  if (!trimmed) return fail(`Nothing to read: paste GeoJSON (${AREA_KINDS}) or a CSV of sites (${CSV_FORM}).`)
  const looksJson = /^[{[]/.test(trimmed) || /\.(geo)?json$/i.test(fileName ?? '')
  if (!looksJson) return parseSitesCsv(trimmed)
  let value: unknown
  try {
    value = JSON.parse(trimmed)
  } catch (e) {
    return fail(`Not valid JSON: ${(e as Error).message}. Paste GeoJSON (${AREA_KINDS}) or a CSV of sites.`)
  }
  return parseAreaGeoJson(value)
}

/** Typed vertices: polygons as lists of {lat, lon}; rings are closed here (the first vertex need not be repeated). */
export function areaFromVertices(polygons: readonly (readonly { lat: number; lon: number }[])[]): AreaResult {
  const short = polygons.findIndex((p) => p.length < 3)
  if (polygons.length === 0) return fail('The area is empty: add at least one polygon of 3 vertices.')
  if (short >= 0) return fail('A polygon needs at least 3 vertices.', placeOf(short))
  return checked({
    shapes: {
      type: 'MultiPolygon',
      coordinates: polygons.map((vertices) => {
        const ring = vertices.map((v) => [v.lon, v.lat])
        const [first, last] = [ring[0]!, ring[ring.length - 1]!]
        return [first[0] === last[0] && first[1] === last[1] ? ring : [...ring, first]]
      }),
    },
  })
}
