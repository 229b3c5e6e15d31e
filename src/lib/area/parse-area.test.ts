import { describe, expect, it } from 'vitest'
import type { AreaResult } from './area-types.ts'
import { PARIS } from './fixtures/paris.ts'
import { BOW_TIE, FIJI_LIKE } from './fixtures/shapes.ts'
import { areaFromVertices, parseAreaGeoJson, parseAreaText } from './parse-area.ts'
import { MAX_VERTICES, validateArea } from './validate-area.ts'

const SQUARE_RING = [
  [2.3, 48.8],
  [2.4, 48.8],
  [2.4, 48.9],
  [2.3, 48.9],
  [2.3, 48.8],
]

function errorsOf(result: AreaResult) {
  if (result.ok) throw new Error(`expected errors, got an area: ${JSON.stringify(result.area).slice(0, 200)}`)
  return result.errors
}

describe('parseAreaText: GeoJSON', () => {
  it('reads a Polygon, a MultiPolygon, a Feature and a FeatureCollection as one MultiPolygon', () => {
    const polygon = { type: 'Polygon', coordinates: [SQUARE_RING] }
    const expected = { ok: true, area: { shapes: { type: 'MultiPolygon', coordinates: [[SQUARE_RING]] } } }
    expect(parseAreaText(JSON.stringify(polygon))).toEqual(expected)
    expect(parseAreaText(JSON.stringify({ type: 'MultiPolygon', coordinates: [[SQUARE_RING]] }))).toEqual(
      expected,
    )
    expect(parseAreaText(JSON.stringify({ type: 'Feature', properties: {}, geometry: polygon }))).toEqual(
      expected,
    )
    const two = parseAreaText(
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', properties: null, geometry: polygon },
          { type: 'Feature', properties: null, geometry: PARIS },
        ],
      }),
    )
    expect(two.ok && 'shapes' in two.area && two.area.shapes.coordinates).toEqual([
      [SQUARE_RING],
      PARIS.coordinates,
    ])
  })

  it('reads the fixtures (Paris, islands split at ±180°) without a problem', () => {
    expect(parseAreaGeoJson(PARIS).ok).toBe(true)
    expect(parseAreaGeoJson(FIJI_LIKE).ok).toBe(true)
  })

  it('drops altitudes and keeps [lon, lat]', () => {
    const ring = SQUARE_RING.map(([lon, lat]) => [lon, lat, 35])
    const result = parseAreaGeoJson({ type: 'Polygon', coordinates: [ring] })
    expect(result.ok && 'shapes' in result.area && result.area.shapes.coordinates[0]![0]).toEqual(SQUARE_RING)
  })

  it('names the vertex where a bow-tie crosses itself', () => {
    const [error] = errorsOf(parseAreaGeoJson(BOW_TIE))
    expect(error!.message).toMatch(/crosses itself at 0\.5, 0\.5/)
    expect(error!.where).toMatch(/^polygon 1, ring 1, vertex [1-4]$/)
  })

  it('says a ring is not closed', () => {
    const [error] = errorsOf(parseAreaGeoJson({ type: 'Polygon', coordinates: [SQUARE_RING.slice(0, 4)] }))
    expect(error).toEqual({
      message: 'The ring is not closed: its last position must repeat its first (RFC 7946).',
      where: 'polygon 1, ring 1',
    })
  })

  it('hints that latitude and longitude look swapped', () => {
    // Around Sydney (151.2° E, 33.8° S), written [lat, lon].
    const sydney = SQUARE_RING.map(([lon, lat]) => [lon! + 148.9, lat! - 82.6])
    const swapped = sydney.map(([lon, lat]) => [lat, lon])
    const [error] = errorsOf(parseAreaGeoJson({ type: 'Polygon', coordinates: [swapped] }))
    expect(error!.message).toMatch(
      /Latitude 151\.2 is out of range.*swapped: GeoJSON writes \[longitude, latitude\]/,
    )
    expect(error!.where).toBe('polygon 1, ring 1, vertex 1')
  })

  it('refuses out-of-range longitudes', () => {
    const far = SQUARE_RING.map(([lon, lat]) => [lon! + 200, lat])
    expect(errorsOf(parseAreaGeoJson({ type: 'Polygon', coordinates: [far] }))[0]!.message).toMatch(
      /Longitude 202\.3 is out of range/,
    )
  })

  it('says a Point is not an area', () => {
    const [error] = errorsOf(parseAreaText('{"type":"Point","coordinates":[2.35,48.85]}'))
    expect(error!.message).toMatch(/^A Point is not an area: draw or paste a Polygon, MultiPolygon/)
  })

  it('names the feature that is wrong in a collection', () => {
    const [error] = errorsOf(
      parseAreaGeoJson({
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', geometry: { type: 'Polygon', coordinates: [SQUARE_RING] } },
          { type: 'Feature', geometry: { type: 'LineString', coordinates: SQUARE_RING } },
        ],
      }),
    )
    expect(error!.where).toBe('feature 2')
    expect(error!.message).toMatch(/LineString is not an area/)
  })

  it('refuses coordinates of the wrong shape, unknown types, broken JSON and junk text', () => {
    expect(errorsOf(parseAreaText('{"type":"Polygon","coordinates":[1,2]}'))[0]!.message).toMatch(
      /list of rings/,
    )
    expect(errorsOf(parseAreaText('{"type":"Circle"}'))[0]!.message).toMatch(/"Circle" is not a GeoJSON type/)
    expect(errorsOf(parseAreaText('{"type":"Polygon",'))[0]!.message).toMatch(/^Not valid JSON: /)
    expect(errorsOf(parseAreaText('hello, this is not an area'))[0]!.message).toMatch(
      /^This is neither GeoJSON .* nor a CSV of sites/,
    )
    expect(errorsOf(parseAreaText('[1,2,3]'))[0]!.message).toMatch(/^Not GeoJSON/)
  })

  it('says an empty input, an empty collection and an empty MultiPolygon are empty', () => {
    expect(errorsOf(parseAreaText('  \n '))[0]!.message).toMatch(/^Nothing to read/)
    expect(errorsOf(parseAreaText('{"type":"FeatureCollection","features":[]}'))[0]!.message).toMatch(
      /holds no polygon/,
    )
    expect(errorsOf(parseAreaText('{"type":"MultiPolygon","coordinates":[]}'))[0]!.message).toMatch(/empty/)
  })

  it('refuses more vertices than the maximum', () => {
    const ring = Array.from({ length: MAX_VERTICES + 1 }, (_, i) => {
      const a = (2 * Math.PI * i) / (MAX_VERTICES + 1)
      return [2 + Math.cos(a), 48 + Math.sin(a)]
    })
    const [error] = errorsOf(parseAreaGeoJson({ type: 'Polygon', coordinates: [[...ring, ring[0]]] }))
    expect(error!.message).toMatch(new RegExp(`has ${MAX_VERTICES + 2} vertices; at most ${MAX_VERTICES}`))
  })
})

describe('parseAreaText: a CSV of sites', () => {
  it('reads lines with and without a header, labels optional', () => {
    const plain = parseAreaText('48.8566,2.3522,5,Paris\n45.764,4.8357,3\n')
    expect(plain).toEqual({
      ok: true,
      area: {
        sites: [
          { lat: 48.8566, lon: 2.3522, radiusKm: 5, label: 'Paris' },
          { lat: 45.764, lon: 4.8357, radiusKm: 3 },
        ],
      },
    })
    const withHeader = parseAreaText(
      'name,longitude,latitude,radius_km\r\n"Lyon, centre",4.8357,45.764,3\r\n',
      'sites.csv',
    )
    expect(withHeader).toEqual({
      ok: true,
      area: { sites: [{ lat: 45.764, lon: 4.8357, radiusKm: 3, label: 'Lyon, centre' }] },
    })
  })

  it('names the line of a bad value, a swapped pair and a radius out of range', () => {
    expect(errorsOf(parseAreaText('lat,lon,radius_km\n48.8,2.3,5\n48.9,abc,5'))).toEqual([
      { message: '"abc" is not a number (lon); each line is lat,lon,radius_km[,label].', where: 'line 3' },
    ])
    const [swapped] = errorsOf(parseAreaText('lat,lon,radius_km\n151.2,-33.8,5'))
    expect(swapped).toMatchObject({ where: 'line 2', message: /look swapped/ })
    expect(errorsOf(parseAreaText('48.8,2.3,0'))[0]).toMatchObject({
      where: 'line 1',
      message: /radius 0 km/,
    })
    expect(errorsOf(parseAreaText('48.8,2.3,1500'))[0]!.message).toMatch(/at most 1000 km/)
    expect(errorsOf(parseAreaText('100,2.3,5'))[0]!.message).toMatch(/latitude and longitude look swapped/)
  })

  it('says which column a header lacks', () => {
    expect(errorsOf(parseAreaText('lat,lon,label\n48.8,2.3,x'))[0]!.message).toMatch(/no radius_km column/)
  })
})

describe('areaFromVertices', () => {
  it('closes typed rings and validates them', () => {
    const result = areaFromVertices([
      [
        { lat: 48.8, lon: 2.3 },
        { lat: 48.8, lon: 2.4 },
        { lat: 48.9, lon: 2.4 },
      ],
    ])
    expect(result.ok && 'shapes' in result.area && result.area.shapes.coordinates[0]![0]).toEqual([
      [2.3, 48.8],
      [2.4, 48.8],
      [2.4, 48.9],
      [2.3, 48.8],
    ])
    expect(
      errorsOf(
        areaFromVertices([
          [
            { lat: 1, lon: 1 },
            { lat: 2, lon: 2 },
          ],
        ]),
      )[0],
    ).toEqual({
      message: 'A polygon needs at least 3 vertices.',
      where: 'polygon 1',
    })
    expect(errorsOf(areaFromVertices([]))[0]!.message).toMatch(/empty/)
  })

  it('finds the crossing of a typed bow-tie', () => {
    const [error] = errorsOf(
      areaFromVertices([
        [
          { lat: 0, lon: 0 },
          { lat: 1, lon: 1 },
          { lat: 0, lon: 1 },
          { lat: 1, lon: 0 },
        ],
      ]),
    )
    expect(error!.message).toMatch(/crosses itself/)
  })
})

describe('validateArea', () => {
  it('accepts the fixtures and refuses an empty list of sites', () => {
    expect(validateArea({ shapes: { type: 'MultiPolygon', coordinates: [PARIS.coordinates] } })).toEqual([])
    expect(validateArea({ sites: [] })[0]!.message).toMatch(/empty/)
  })
})
