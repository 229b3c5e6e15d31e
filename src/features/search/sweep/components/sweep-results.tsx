/** The merged list: one row per video with the circles that found it; filter by a circle, export, add to a collection. */
import { useRef, useState } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { Area, Circle } from '#lib/area/area-types.ts'
import { ExportMenu } from '#components/export-menu.tsx'
import { Button } from '#components/ui/button.tsx'
import { AddToCollectionButton } from '#lib/collections/add-to-collection-button.tsx'
import { useFoundBy } from '#lib/collections/use-found-by.ts'
import { videoMetaOf } from '#lib/collections/video-meta.ts'
import { exportData, type ExportFormat } from '#lib/export/export-data.ts'
import { ResultCard } from '../../components/result-card.tsx'
import type { MergedSweep, SweepRow } from '../lib/merge-sweep.ts'
import { exportSweepGeoJson, sweepExport, type SweepExportArgs } from '../lib/sweep-export.ts'
import type { SweepDepth } from '../lib/sweep-plan.ts'
import type { SweepProgress } from '../lib/sweep-runner.ts'

/** Longer lists than this are virtualised: only the rows in view are in the page. */
const VIRTUAL_FROM = 60

export type SweepResultsProps = {
  area: Area
  circles: readonly Circle[]
  radiusKm: number
  depth: SweepDepth
  progress: SweepProgress
  merged: MergedSweep
  filterCircle: string | undefined
  onClearFilter: () => void
}

function RowBody({
  row,
  now,
  foundBy,
}: {
  row: SweepRow
  now: number
  foundBy: ReturnType<typeof useFoundBy>
}) {
  return (
    <div className="space-y-1">
      <ResultCard item={row} now={now} foundBy={foundBy} circles={row.circles} />
      <p className="pl-1 text-xs text-slate-700">
        Found by {row.circles.length} {row.circles.length === 1 ? 'circle' : 'circles'}:{' '}
        <span className="font-mono">{row.circles.join(', ')}</span>
      </p>
    </div>
  )
}

function VirtualRows({
  rows,
  now,
  foundBy,
}: {
  rows: readonly SweepRow[]
  now: number
  foundBy: ReturnType<typeof useFoundBy>
}) {
  const parent = useRef<HTMLDivElement>(null)
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parent.current,
    estimateSize: () => 150,
    overscan: 6,
  })
  return (
    <div
      ref={parent}
      className="h-[720px] overflow-y-auto rounded border border-slate-200"
      tabIndex={0}
      role="region"
      aria-label="Sweep results, scrollable"
    >
      <ol aria-label="Sweep results" className="relative" style={{ height: virtual.getTotalSize() }}>
        {virtual.getVirtualItems().map((v) => (
          <li
            key={rows[v.index]!.videoId}
            data-index={v.index}
            ref={virtual.measureElement}
            aria-setsize={rows.length}
            aria-posinset={v.index + 1}
            className="absolute left-0 top-0 w-full p-1.5"
            style={{ transform: `translateY(${v.start}px)` }}
          >
            <RowBody row={rows[v.index]!} now={now} foundBy={foundBy} />
          </li>
        ))}
      </ol>
    </div>
  )
}

export function SweepResults(props: SweepResultsProps) {
  const { merged, filterCircle, onClearFilter, circles } = props
  const [now] = useState(() => Date.now())
  const shown = filterCircle ? merged.rows.filter((r) => r.circles.includes(filterCircle)) : merged.rows
  const foundBy = useFoundBy('sweep', `Area sweep: ${circles.length} circles of ${props.radiusKm} km`)
  const args = (): SweepExportArgs => ({
    area: props.area,
    circles,
    radiusKm: props.radiusKm,
    depth: props.depth,
    progress: props.progress,
    merged,
    shown,
    viewUrl: window.location.href,
    ...(filterCircle ? { filterCircle } : {}),
  })
  const onExport = (format: ExportFormat) => exportData(format, sweepExport(args()))

  return (
    <section aria-labelledby="sweep-results-h" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <div>
          <h2 id="sweep-results-h" className="text-lg font-semibold" data-testid="sweep-results-heading">
            {merged.rows.length} unique videos from {circles.length} circles
          </h2>
          <p className="text-sm text-slate-600">
            {merged.duplicates} duplicate {merged.duplicates === 1 ? 'sighting' : 'sightings'} (a video found
            by more than one circle) merged.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ExportMenu
            onExport={onExport}
            count={shown.length}
            loaded={merged.rows.length}
            noun="videos"
            disabled={shown.length === 0}
          />
          <Button
            size="sm"
            disabled={shown.length === 0}
            onClick={() => void exportSweepGeoJson(args())}
            title="The area, the circles with their counts and each video at its search circle's centre (RFC 7946), its provenance inside"
          >
            GeoJSON
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <p aria-live="polite" data-testid="sweep-shown">
          {filterCircle
            ? `Showing the ${shown.length} videos circle ${filterCircle} found.`
            : `Showing all ${shown.length} videos.`}
        </p>
        {filterCircle && (
          <Button size="sm" onClick={onClearFilter}>
            Show every circle&apos;s videos
          </Button>
        )}
        {shown.length > 0 && (
          <AddToCollectionButton
            videos={shown.map((r) => ({ ...videoMetaOf(r), circles: r.circles }))}
            foundBy={foundBy}
            label={`Add these ${shown.length} videos to a collection`}
          />
        )}
      </div>
      {shown.length > VIRTUAL_FROM ? (
        <VirtualRows rows={shown} now={now} foundBy={foundBy} />
      ) : (
        <ol aria-label="Sweep results" className="space-y-3">
          {shown.map((row) => (
            <li key={row.videoId}>
              <RowBody row={row} now={now} foundBy={foundBy} />
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
