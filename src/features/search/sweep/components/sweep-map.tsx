/** The sweep's map with its instructions and legend; Leaflet and Geoman load after the view has painted (docs/decisions/0101). */
import { lazy, Suspense, useId, useState } from 'react'
import type { Area, Circle } from '#lib/area/area-types.ts'
import { MapPlaceholder } from '../../components/location-map.tsx'
import type { CircleState } from '../hooks/use-sweep-run.ts'
import { FOUND_BINS, STATE_COLOURS, STATE_LABELS } from './circle-colours.ts'

const SweepLeafletMap = lazy(() =>
  import('./sweep-leaflet-map.tsx').then((m) => ({ default: m.SweepLeafletMap })),
)

/** A circle as the map draws it: its state, and its counts once it has results. */
export type CircleView = Circle & { state: CircleState; found?: number; only?: number }

export type SweepMapProps = {
  area: Area | undefined
  circles: readonly CircleView[]
  selected: string | undefined
  /** Drawing tools shown (not while a sweep runs). */
  editable: boolean
  /** Grows when the area was set from outside the map: the map fits to it. */
  fitKey: number
  onArea: (area: Area | undefined) => void
  onSelect: ((id: string) => void) | undefined
}

function Swatch({ colour, outline }: { colour: string; outline?: boolean }) {
  return (
    <span
      aria-hidden="true"
      className="inline-block h-3 w-3 rounded-full"
      style={
        outline ? { border: `2px solid ${colour}` } : { background: colour, border: '1px solid #475569' }
      }
    />
  )
}

export function SweepMap(props: SweepMapProps) {
  const instructionsId = useId()
  const [tilesFailing, setTilesFailing] = useState(false)
  const withCounts = props.circles.some((c) => c.found !== undefined)
  return (
    <div className="space-y-2">
      <Suspense fallback={<MapPlaceholder height="h-[460px]" />}>
        <SweepLeafletMap {...props} instructionsId={instructionsId} onTilesFailing={setTilesFailing} />
      </Suspense>
      <p id={instructionsId} className="text-sm text-slate-600">
        Draw the area with the tools at the top left of the map (polygon or rectangle; several shapes make one
        area; edit, drag or remove them there). With a keyboard, type the vertices or paste GeoJSON in the
        panel instead.{' '}
        {withCounts && 'Click a circle, or Tab to it and press Enter, to list only its videos.'}
      </p>
      <div
        aria-label="Map legend"
        role="group"
        className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700"
      >
        <span className="flex flex-wrap items-center gap-2">
          Outline:
          {(Object.keys(STATE_COLOURS) as CircleState[]).map((s) => (
            <span key={s} className="inline-flex items-center gap-1">
              <Swatch colour={STATE_COLOURS[s]} outline /> {STATE_LABELS[s]}
            </span>
          ))}
        </span>
        {withCounts && (
          <span className="flex flex-wrap items-center gap-2">
            Fill, videos found:
            {FOUND_BINS.map((b) => (
              <span key={b.label} className="inline-flex items-center gap-1">
                <Swatch colour={b.colour} /> {b.label}
              </span>
            ))}
          </span>
        )}
      </div>
      <p role="status" className="min-h-5 text-sm text-amber-800">
        {tilesFailing &&
          'Map tiles could not be loaded; the country outlines still show where you are drawing.'}
      </p>
    </div>
  )
}
