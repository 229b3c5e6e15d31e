import type { FeatureCollection, Position } from 'geojson'
import { describe, expect, it, vi } from 'vitest'
import Papa from 'papaparse'
import { toCsv } from '#contract/csv-writer.ts'
import { planCover } from '#lib/area/cover.ts'
import { FIJI_LIKE } from '#lib/area/fixtures/shapes.ts'
import type { Area, Circle } from '#lib/area/area-types.ts'
import { mergeSweep } from './merge-sweep.ts'
import { emptyProgress } from './sweep-runner.ts'
import {
  exportSweepGeoJson,
  sweepExport,
  sweepFileName,
  sweepGeoJson,
  type SweepExportArgs,
} from './sweep-export.ts'
import { video } from './testing/fake-sweep-service.ts'

const downloads = vi.hoisted(() => [] as { text: string; name: string; type: string }[])
vi.mock('#lib/export/download.ts', () => ({
  downloadText: (text: string, name: string, type: string) => downloads.push({ text, name, type }),
  downloadBlob: () => undefined,
}))

/** Shoelace area in the lon/lat plane: positive when the ring turns counter-clockwise. */
function signedArea(ring: Position[]): number {
  return ring.slice(1).reduce((s, q, i) => s + (ring[i]![0]! * q[1]! - q[0]! * ring[i]![1]!), 0) / 2
}

/** The RFC 7946 rules a GeoJSON reader relies on; returns what is broken (empty when valid). */
function rfc7946Problems(fc: FeatureCollection): string[] {
  const problems: string[] = []
  if (JSON.stringify(fc).includes('"crs"')) problems.push('has a crs member (removed in RFC 7946)')
  if (fc.type !== 'FeatureCollection') problems.push('not a FeatureCollection')
  for (const [fi, f] of fc.features.entries()) {
    if (f.type !== 'Feature' || typeof f.properties !== 'object')
      problems.push(`feature ${fi}: not a Feature`)
    const g = f.geometry
    if (g.type === 'Point') {
      const [lon, lat] = g.coordinates
      if (g.coordinates.length !== 2 || Math.abs(lon!) > 180 || Math.abs(lat!) > 90)
        problems.push(`feature ${fi}: point ${JSON.stringify(g.coordinates)} is not [lon, lat] in range`)
      continue
    }
    const polygons = g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : []
    if (!polygons.length) problems.push(`feature ${fi}: ${g.type} is not a polygon`)
    for (const rings of polygons)
      for (const [ri, ring] of rings.entries()) {
        const where = `feature ${fi} ring ${ri}`
        if (ring.length < 4) problems.push(`${where}: fewer than 4 positions`)
        if (JSON.stringify(ring[0]) !== JSON.stringify(ring[ring.length - 1]))
          problems.push(`${where}: not closed`)
        for (const p of ring)
          if (p.length !== 2 || Math.abs(p[0]!) > 180 || Math.abs(p[1]!) > 90)
            problems.push(`${where}: ${JSON.stringify(p)} is not [lon, lat] in range`)
        const area = signedArea(ring)
        if (ri === 0 && area <= 0) problems.push(`${where}: outer ring is not counter-clockwise`)
        if (ri > 0 && area >= 0) problems.push(`${where}: hole is not clockwise`)
      }
  }
  return problems
}

/** Drawn the wrong way round: the outline clockwise, its hole counter-clockwise. */
const CLOCKWISE_WITH_HOLE: Area = {
  shapes: {
    type: 'MultiPolygon',
    coordinates: [
      [
        [
          [2.2, 48.8],
          [2.2, 48.9],
          [2.4, 48.9],
          [2.4, 48.8],
          [2.2, 48.8],
        ],
        [
          [2.28, 48.84],
          [2.32, 48.84],
          [2.32, 48.86],
          [2.28, 48.86],
          [2.28, 48.84],
        ],
      ],
    ],
  },
}

function argsFor(area: Area, radiusKm: number): SweepExportArgs {
  const cover = planCover(area, radiusKm)
  if (!cover.ok) throw new Error('no cover')
  const circles: Circle[] = cover.circles
  const progress = emptyProgress('k', circles)
  progress.circles.c1 = {
    pagesDone: 2,
    nextPageToken: undefined,
    done: true,
    videos: [video('a'), video('b')],
    costUsd: 0.00406,
  }
  progress.circles.c2 = {
    pagesDone: 1,
    nextPageToken: undefined,
    done: true,
    videos: [video('b')],
    costUsd: 0,
  }
  const merged = mergeSweep(circles, progress)
  return {
    area,
    circles,
    radiusKm,
    depth: { kind: 'all' },
    progress,
    merged,
    shown: merged.rows,
    viewUrl: 'http://localhost/search?area=x',
    now: new Date('2026-11-25T03:00:00Z'),
  }
}

describe('sweep exports', () => {
  it('GeoJSON follows RFC 7946: closed rings, outer counter-clockwise, holes clockwise, [lon, lat] in range, no crs', () => {
    const fc = sweepGeoJson(argsFor(CLOCKWISE_WITH_HOLE, 3))
    expect(rfc7946Problems(fc)).toEqual([])
    expect(fc.features[0]!.geometry).toMatchObject({ type: 'MultiPolygon' })
    expect(fc.features[1]!.properties).toMatchObject({ id: 'c1', radiusKm: 3, found: 2, only: 1 })
    expect(fc.features[2]!.properties).toMatchObject({ id: 'c2', found: 1, only: 0 })
  })

  it('the checker itself catches what it checks', () => {
    const fc = sweepGeoJson(argsFor(CLOCKWISE_WITH_HOLE, 3))
    const broken = structuredClone(fc) as FeatureCollection & { crs?: unknown }
    broken.crs = { type: 'name' }
    const g = broken.features[0]!.geometry as { coordinates: Position[][][] }
    g.coordinates[0]![0]!.reverse()
    g.coordinates[0]![1]!.pop()
    expect(rfc7946Problems(broken)).toEqual([
      'has a crs member (removed in RFC 7946)',
      'feature 0 ring 0: outer ring is not counter-clockwise',
      'feature 0 ring 1: not closed',
    ])
  })

  it('GeoJSON splits circles across the antimeridian so every longitude is in range', () => {
    const fc = sweepGeoJson(argsFor({ shapes: FIJI_LIKE }, 20))
    expect(rfc7946Problems(fc)).toEqual([])
    expect(
      fc.features.some((f) => f.geometry.type === 'MultiPolygon' && f.properties!.kind === 'circle'),
    ).toBe(true)
  })

  it('CSV through the one writer: a row per video with the circles that found it', () => {
    const req = sweepExport(argsFor(CLOCKWISE_WITH_HOLE, 3))
    const csv = toCsv(req.items, req.columns)
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n')
    expect(lines[0]).toBe(
      'videoId,title,channelId,channelTitle,publishedAt,latitude,longitude,circles,circleCount,foundByCircles,searchCircleId,searchCircleLat,searchCircleLon,searchCircleRadiusKm,rankInFirstCircle,description,thumbnailUrl,videoUrl',
    )
    expect(lines[1]).toMatch(
      /^a,Title a,UC1,Channel,2026-01-01T00:00:00Z,,,c1,1,"c1 [-\d.]+,[-\d.]+ 3km",c1,[-\d.]+,[-\d.]+,3,1,,,https:\/\/www\.youtube\.com\/watch\?v=a$/,
    )
    expect(lines[2]).toMatch(/^b,.*,c1 c2,2,"c1 .*; c2 .*",c1,[-\d.]+,[-\d.]+,3,2,/)
  })

  it('provenance names the area, the circles with their counts, the radius and the depth', () => {
    const args = argsFor(CLOCKWISE_WITH_HOLE, 3)
    const { provenance, basename } = sweepExport(args)
    expect(provenance.title).toMatch(/area sweep: \d+ circles of 3 km, every page/)
    expect(provenance.query).toMatchObject({ radiusKm: 3, depth: 'all', type: 'video' })
    expect(provenance.query.area).toMatch(/^s/)
    expect((provenance.query.circles as unknown[])[0]).toMatchObject({
      id: 'c1',
      locationRadius: '3km',
      pagesFetched: 2,
      complete: true,
      found: 2,
      only: 1,
    })
    expect(provenance).toMatchObject({
      pagesFetched: 3,
      itemCount: 2,
      costUsd: 0.00609,
      operation: 'GET /search',
    })
    expect(basename).toBe(sweepFileName(args))
    expect(basename).toMatch(/^sweep-\d+-circles-r3km-depth-all-2026-11-25-[0-9a-f]{6}$/)
  })

  describe('each video mapped by the search circles that found it', () => {
    /** Two sites: a wide circle and a narrow one; video b is found by both, so its smallest circle is c2. */
    const SITES: Area = {
      sites: [
        { lat: 48.85, lon: 2.35, radiusKm: 5, label: 'Paris' },
        { lat: 48.86, lon: 2.36, radiusKm: 2, label: 'Marais' },
      ],
    }

    it('CSV: the circles that found each video with centres and radii, and the smallest as the search circle', () => {
      const req = sweepExport(argsFor(SITES, 0))
      const csv = toCsv(req.items, req.columns).replace(/^\uFEFF/, '')
      const { data } = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true })
      const pick = (r: Record<string, string>) => ({
        foundByCircles: r.foundByCircles,
        searchCircleId: r.searchCircleId,
        searchCircleLat: r.searchCircleLat,
        searchCircleLon: r.searchCircleLon,
        searchCircleRadiusKm: r.searchCircleRadiusKm,
        // The service gives no place of recording: these stay empty rather than borrow the circle's centre.
        latitude: r.latitude,
        longitude: r.longitude,
      })
      expect(data.map(pick)).toEqual([
        {
          foundByCircles: 'c1 48.85,2.35 5km',
          searchCircleId: 'c1',
          searchCircleLat: '48.85',
          searchCircleLon: '2.35',
          searchCircleRadiusKm: '5',
          latitude: '',
          longitude: '',
        },
        {
          foundByCircles: 'c1 48.85,2.35 5km; c2 48.86,2.36 2km',
          searchCircleId: 'c2',
          searchCircleLat: '48.86',
          searchCircleLon: '2.36',
          searchCircleRadiusKm: '2',
          latitude: '',
          longitude: '',
        },
      ])
    })

    it('GeoJSON: one point per video at the centre of the smallest circle that found it, labelled as such', () => {
      const fc = sweepGeoJson(argsFor(SITES, 0))
      const points = fc.features.filter((f) => f.geometry.type === 'Point')
      expect(points.map((f) => f.properties!.videoId)).toEqual(['a', 'b'])
      expect(points[1]!.geometry).toEqual({ type: 'Point', coordinates: [2.36, 48.86] })
      expect(points[1]!.properties).toMatchObject({
        kind: 'video',
        foundByCircles: ['c1', 'c2'],
        searchCircleId: 'c2',
        searchCircleRadiusKm: 2,
        pointIs: expect.stringMatching(/search circle.*not where the video was recorded/),
      })
      expect(rfc7946Problems(fc)).toEqual([])
    })

    it('GeoJSON: one download with its provenance inside, named apart from every CSV file and sidecar', async () => {
      downloads.length = 0
      const args = argsFor(SITES, 0)
      await exportSweepGeoJson(args)
      expect(downloads.map((d) => d.name)).toEqual([`${sweepFileName(args)}.geojson`])
      const body = JSON.parse(downloads[0]!.text)
      expect(body.provenance).toMatchObject({
        describes: downloads[0]!.name,
        source: expect.stringMatching(/simulator|demo/i),
      })
      expect(downloads[0]!.name).not.toBe(`${sweepFileName(args)}.provenance.json`)
    })
  })
})
