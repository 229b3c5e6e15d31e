import { lazy, Suspense, useId, useState } from 'react'
import type { LatLng } from '../lib/search-draft.ts'

// Leaflet (and its CSS, icons, country outlines) loads after the view has painted: the form and the text around
// the map do not wait for it (docs/decisions/0101).
const LeafletMap = lazy(() => import('./leaflet-map.tsx').then((m) => ({ default: m.LeafletMap })))

export type MapCircle = { point: LatLng; radiusKm: number }

export type LocationMapProps = {
  point: LatLng | undefined
  radiusKm: number | undefined
  /** The last submitted search, drawn dashed when the form has moved away from it. */
  searched: MapCircle | undefined
  onPoint: (p: LatLng) => void
  onRadiusKm: (km: number) => void
}

function sameCircle(a: MapCircle, point: LatLng | undefined, radiusKm: number | undefined): boolean {
  return (
    !!point &&
    radiusKm !== undefined &&
    Math.abs(a.point.lat - point.lat) < 1e-6 &&
    Math.abs(a.point.lng - point.lng) < 1e-6 &&
    Math.abs(a.radiusKm - radiusKm) < 1e-6
  )
}

/** Holds the map's exact box (same size, border and sea colour as the map) while Leaflet loads. */
export function MapPlaceholder({ height = 'h-[420px]' }: { height?: string }) {
  return (
    <div
      className={`flex ${height} w-full items-center justify-center rounded-lg border border-slate-300 text-sm text-slate-700`}
      style={{ background: '#cfe3f3' }}
    >
      <p role="status">Loading the map…</p>
    </div>
  )
}

/** The search map with its instructions: click sets the point, the pin drags, the edge handle resizes; country outlines show through when tiles fail. */
export function LocationMap({ point, radiusKm, searched, onPoint, onRadiusKm }: LocationMapProps) {
  const instructionsId = useId()
  const [tilesFailing, setTilesFailing] = useState(false)
  const shownSearch = searched && !sameCircle(searched, point, radiusKm) ? searched : undefined

  return (
    <div className="space-y-2">
      <Suspense fallback={<MapPlaceholder />}>
        <LeafletMap
          point={point}
          radiusKm={radiusKm}
          shownSearch={shownSearch}
          instructionsId={instructionsId}
          onPoint={onPoint}
          onRadiusKm={onRadiusKm}
          onTilesFailing={setTilesFailing}
        />
      </Suspense>
      <p id={instructionsId} className="text-sm text-slate-600">
        Click the map to set the point; drag the pin to move it and the round handle to resize the circle.
        With a keyboard: Tab to the pin or the handle and use the arrow keys (Shift for bigger steps), or type
        in the fields.
        {shownSearch && ' The dashed circle is the last search.'}
      </p>
      {/* Always there, a line tall: a tile failure after the first paint fills it instead of pushing the results down. */}
      <p role="status" className="min-h-5 text-sm text-amber-800">
        {tilesFailing &&
          'Map tiles could not be loaded; the country outlines still show where you are clicking.'}
      </p>
    </div>
  )
}
