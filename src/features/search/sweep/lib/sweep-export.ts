/**
 * A sweep's exports: CSV and JSON through the one export (rows + provenance naming the area, circles, radius, depth
 * and source), and GeoJSON (RFC 7946: the area, each circle with id, radiusKm, found, only, and each video as a point
 * at its search circle's centre) with its provenance inside. Each video carries the circles that found it: the
 * service says nowhere where a video was recorded (docs/area-sweep.md).
 */
import rewind from '@turf/rewind'
import type { Feature, FeatureCollection } from 'geojson'
import { priceOf } from '#contract/prices.ts'
import { areaFeature, circleGeometry } from '#lib/area/area-geojson.ts'
import { isShapes, type Area, type Circle } from '#lib/area/area-types.ts'
import { encodeArea } from '#lib/area/area-url.ts'
import { loadDataSource } from '#lib/export/data-source.ts'
import { downloadText } from '#lib/export/download.ts'
import type { ExportRequest } from '#lib/export/export-data.ts'
import { exportDay, fileSlug, queryTag } from '#lib/export/file-slug.ts'
import { completeProvenance, makeProvenance, shownOf, type ProvenanceDraft } from '#lib/export/provenance.ts'
import type { Column } from '#lib/export/serialise.ts'
import { bestThumbnail } from '#lib/thumbnail-choice.ts'
import type { MergedSweep, SweepRow } from './merge-sweep.ts'
import { formatDepth, type SweepDepth } from './sweep-plan.ts'
import type { SweepProgress } from './sweep-runner.ts'

type Coordinates = { latitude: number; longitude: number }

/** Where a video was recorded, when the service's answer says so (the spec lists no such field; some answers may carry one). */
function recordedAt(row: SweepRow): Coordinates | undefined {
  const r = row as {
    recordingDetails?: { location?: Partial<Coordinates> }
    location?: { lat?: unknown; lng?: unknown }
  }
  const loc = r.recordingDetails?.location
  if (typeof loc?.latitude === 'number' && typeof loc.longitude === 'number')
    return { latitude: loc.latitude, longitude: loc.longitude }
  if (typeof r.location?.lat === 'number' && typeof r.location.lng === 'number')
    return { latitude: r.location.lat, longitude: r.location.lng }
  return undefined
}

/** The circles that found a video, in circle order, and the smallest of them: the video's search circle. */
type FoundBy = { circles: Circle[]; smallest: Circle | undefined }

function foundByOf(row: SweepRow, byId: ReadonlyMap<string, Circle>): FoundBy {
  const circles = row.circles.map((id) => byId.get(id)).filter((c): c is Circle => c !== undefined)
  // The first smallest wins a tie, so the choice follows circle order.
  const smallest = circles.reduce<Circle | undefined>(
    (s, c) => (s && s.radiusKm <= c.radiusKm ? s : c),
    undefined,
  )
  return { circles, smallest }
}

/** `c1 48.85,2.35 5km`: a circle as the service was asked (its `location` and `locationRadius`). */
const circleAsAsked = (c: Circle) => `${c.id} ${c.lat},${c.lon} ${c.radiusKm}km`

/** A sweep row with the circles that found it, looked up once per export. */
type SweepExportRow = SweepRow & { foundBy: FoundBy }

const SWEEP_COLUMNS: readonly Column<SweepExportRow>[] = [
  { header: 'videoId', value: (r) => r.videoId },
  { header: 'title', value: (r) => r.title },
  { header: 'channelId', value: (r) => r.channelId },
  { header: 'channelTitle', value: (r) => r.channelTitle },
  { header: 'publishedAt', value: (r) => r.publishedAt },
  { header: 'latitude', value: (r) => recordedAt(r)?.latitude },
  { header: 'longitude', value: (r) => recordedAt(r)?.longitude },
  { header: 'circles', value: (r) => r.circles.join(' ') },
  { header: 'circleCount', value: (r) => r.circles.length },
  { header: 'foundByCircles', value: (r) => r.foundBy.circles.map(circleAsAsked).join('; ') },
  { header: 'searchCircleId', value: (r) => r.foundBy.smallest?.id },
  { header: 'searchCircleLat', value: (r) => r.foundBy.smallest?.lat },
  { header: 'searchCircleLon', value: (r) => r.foundBy.smallest?.lon },
  { header: 'searchCircleRadiusKm', value: (r) => r.foundBy.smallest?.radiusKm },
  { header: 'rankInFirstCircle', value: (r) => r.rank },
  { header: 'description', value: (r) => r.description },
  { header: 'thumbnailUrl', value: (r) => bestThumbnail(r.thumbnails, 480, 1)?.url },
  { header: 'videoUrl', value: (r) => `https://www.youtube.com/watch?v=${r.videoId}` },
]

export type SweepExportArgs = {
  area: Area
  circles: readonly Circle[]
  radiusKm: number
  depth: SweepDepth
  progress: SweepProgress
  merged: MergedSweep
  /** The rows the view shows (filtered by a circle or not): exactly what is exported. */
  shown: readonly SweepRow[]
  /** Absolute dashboard URL reproducing the sweep. */
  viewUrl: string
  /** The circle the list is filtered by, if any. */
  filterCircle?: string
  now?: Date
}

/** `sweep-12-circles-r2km-depth-1-2026-11-25-1a2b3c`. */
export function sweepFileName(
  args: Pick<SweepExportArgs, 'area' | 'circles' | 'radiusKm' | 'depth' | 'now'>,
): string {
  const readable = fileSlug(
    'sweep',
    `${args.circles.length} circles`,
    isShapes(args.area) ? `r${args.radiusKm}km` : 'sites',
    `depth ${formatDepth(args.depth)}`,
    exportDay(args.now),
  )
  return `${readable}-${queryTag([encodeArea(args.area), args.radiusKm, formatDepth(args.depth)])}`
}

/** The sweep as the provenance names it: the area (encoded and as GeoJSON), each circle with its counts, radius, depth. */
function sweepQuery(a: SweepExportArgs) {
  return {
    area: encodeArea(a.area),
    areaGeoJson: areaFeature(a.area).geometry,
    radiusKm: isShapes(a.area) ? a.radiusKm : null,
    depth: formatDepth(a.depth),
    circles: a.circles.map((c) => {
      const p = a.progress.circles[c.id]
      return {
        ...c,
        location: `${c.lat},${c.lon}`,
        locationRadius: `${c.radiusKm}km`,
        pagesFetched: p?.pagesDone ?? 0,
        complete: p?.done ?? false,
        ...a.merged.perCircle[c.id],
      }
    }),
    type: 'video',
  }
}

function sweepProvenance(a: SweepExportArgs): ProvenanceDraft {
  const pages = Object.values(a.progress.circles).reduce((n, c) => n + c.pagesDone, 0)
  return makeProvenance({
    title: `Videos found by an area sweep: ${a.circles.length} circles${isShapes(a.area) ? ` of ${a.radiusKm} km` : ' (a list of sites)'}, ${a.depth.kind === 'first' ? 'first page only' : a.depth.kind === 'all' ? 'every page' : `up to ${a.depth.pages} pages each`}`,
    viewUrl: a.viewUrl,
    operation: 'GET /search',
    query: sweepQuery(a),
    view: {
      filter: a.filterCircle ? { circle: a.filterCircle } : {},
      sort: 'first seen (circle order, then rank)',
      shown: shownOf(a.shown.length, a.merged.rows.length, 'videos'),
    },
    pagesFetched: pages,
    itemCount: a.shown.length,
    pricesUsd: Array.from({ length: pages }, () => priceOf('GET /search')),
    fetchedAt: a.progress.updatedAt,
  })
}

function withFoundBy(a: Pick<SweepExportArgs, 'circles' | 'shown'>): SweepExportRow[] {
  const byId = new Map(a.circles.map((c) => [c.id, c]))
  return a.shown.map((row) => ({ ...row, foundBy: foundByOf(row, byId) }))
}

/** CSV / Excel-safe CSV / JSON / ZIP through exportData(); JSON items carry their circles whole. */
export function sweepExport(a: SweepExportArgs): ExportRequest<SweepExportRow> {
  const items = withFoundBy(a)
  return {
    items,
    columns: SWEEP_COLUMNS,
    provenance: sweepProvenance(a),
    basename: sweepFileName(a),
    jsonItems: items.map(({ foundBy, ...row }) => ({
      ...row,
      foundByCircles: foundBy.circles,
      searchCircle: foundBy.smallest ?? null,
    })),
  }
}

/** What a video's point is, said in every point so no reader takes it for the place of recording. */
const VIDEO_POINT_IS =
  'the centre of the smallest search circle that found the video, not where the video was recorded'

function videoPoints(a: Pick<SweepExportArgs, 'circles' | 'shown'>): Feature[] {
  return withFoundBy(a).flatMap(({ foundBy, ...row }) => {
    const c = foundBy.smallest
    if (!c) return []
    return [
      {
        type: 'Feature',
        id: row.videoId,
        properties: {
          kind: 'video',
          videoId: row.videoId,
          title: row.title,
          channelId: row.channelId,
          channelTitle: row.channelTitle,
          publishedAt: row.publishedAt,
          videoUrl: `https://www.youtube.com/watch?v=${row.videoId}`,
          foundByCircles: foundBy.circles.map((f) => f.id),
          searchCircleId: c.id,
          searchCircleLat: c.lat,
          searchCircleLon: c.lon,
          searchCircleRadiusKm: c.radiusKm,
          pointIs: VIDEO_POINT_IS,
        },
        geometry: { type: 'Point', coordinates: [c.lon, c.lat] },
      } satisfies Feature,
    ]
  })
}

/** The area, the circles with their counts and the shown videos' points (RFC 7946: [lon, lat], closed counter-clockwise outer rings, no crs). */
export function sweepGeoJson(
  a: Pick<SweepExportArgs, 'area' | 'circles' | 'merged' | 'shown'>,
): FeatureCollection {
  const circles: Feature[] = a.circles.map((c) => ({
    type: 'Feature',
    id: c.id,
    properties: {
      kind: 'circle',
      id: c.id,
      lat: c.lat,
      lon: c.lon,
      radiusKm: c.radiusKm,
      ...(c.label ? { label: c.label } : {}),
      found: a.merged.perCircle[c.id]?.found ?? 0,
      only: a.merged.perCircle[c.id]?.only ?? 0,
    },
    geometry: circleGeometry(c),
  }))
  // The right-hand rule (outer rings counter-clockwise, holes clockwise), whatever way the area was drawn.
  const collection: FeatureCollection = {
    type: 'FeatureCollection',
    features: [areaFeature(a.area), ...circles, ...videoPoints(a)],
  }
  return rewind(collection, { mutate: false }) as FeatureCollection
}

/** Downloads `<name>.geojson` alone, its provenance inside as a foreign member (RFC 7946 §6.1): one press, one file. */
export async function exportSweepGeoJson(a: SweepExportArgs): Promise<void> {
  const source = await loadDataSource()
  const name = `${sweepFileName(a)}.geojson`
  const provenance = completeProvenance(sweepProvenance(a), source, new Date())
  const body = { ...sweepGeoJson(a), provenance: { describes: name, ...provenance } }
  downloadText(`${JSON.stringify(body, null, 2)}\n`, name, 'application/geo+json')
}
