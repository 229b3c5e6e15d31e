/**
 * A sweep's exports: CSV and JSON through the one export (rows + provenance naming the area, circles, radius, depth
 * and source), and GeoJSON (RFC 7946: the area, then each circle with id, radiusKm, found, only) with its sidecar.
 */
import type { FeatureCollection } from 'geojson'
import type { Area, Circle } from '#lib/area/area-types.ts'
import type { ExportRequest } from '#lib/export/export-data.ts'
import type { Column } from '#lib/export/serialise.ts'
import type { MergedSweep, SweepRow } from './merge-sweep.ts'
import type { SweepDepth } from './sweep-plan.ts'
import type { SweepProgress } from './sweep-runner.ts'

export const SWEEP_COLUMNS: readonly Column<SweepRow>[] = []

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
  void args
  throw new Error('not implemented')
}

/** CSV / Excel-safe CSV / JSON / ZIP through exportData(). */
export function sweepExport(args: SweepExportArgs): ExportRequest<SweepRow> {
  void args
  throw new Error('not implemented')
}

/** The area and the circles with their counts (RFC 7946: [lon, lat], closed counter-clockwise outer rings, no crs). */
export function sweepGeoJson(args: Pick<SweepExportArgs, 'area' | 'circles' | 'merged'>): FeatureCollection {
  void args
  throw new Error('not implemented')
}

/** Downloads `<name>.geojson` and `<name>.provenance.json` beside it (the source asked of /api/health). */
export function exportSweepGeoJson(args: SweepExportArgs): Promise<void> {
  void args
  throw new Error('not implemented')
}
