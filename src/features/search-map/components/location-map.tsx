import 'leaflet/dist/leaflet.css'
import { useCallback, useId, useMemo, useRef, useState } from 'react'
import L, { type LeafletEventHandlerFnMap, type Marker as LeafletMarker } from 'leaflet'
import { Circle, MapContainer, Marker, Pane, TileLayer, useMap } from 'react-leaflet'
import type { LatLng } from '../search-draft.ts'
import { ClickToSetPoint, FitToCircle, MapAccessibility } from './map-controls.tsx'
import { CountryOutlines } from './country-outlines.tsx'
import { pointIcon } from './leaflet-icons.ts'
import { RadiusHandle } from './radius-handle.tsx'
import { useMarkerArrowKeys } from './use-marker-keys.ts'

const TILE_URL = import.meta.env.VITE_TILE_URL || 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png'
const TILE_ATTRIBUTION =
  import.meta.env.VITE_TILE_ATTRIBUTION || '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'

export const POINT_MARKER_LABEL = 'Search point: drag, or use the arrow keys, to move it'

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
  return !!point && radiusKm !== undefined && Math.abs(a.point.lat - point.lat) < 1e-6 && Math.abs(a.point.lng - point.lng) < 1e-6 && Math.abs(a.radiusKm - radiusKm) < 1e-6
}

function PointMarker({ point, onPoint }: { point: LatLng; onPoint: (p: LatLng) => void }) {
  const map = useMap()
  const markerRef = useRef<LeafletMarker>(null)
  const { lat, lng } = point
  const position = useMemo(() => ({ lat, lng }), [lat, lng])
  useMarkerArrowKeys(markerRef, ({ dx, dy, big }) => {
    const px = map.latLngToContainerPoint(position).add([dx * (big ? 50 : 10), dy * (big ? 50 : 10)])
    onPoint(map.containerPointToLatLng(px).wrap())
  })
  const handlers = useMemo<LeafletEventHandlerFnMap>(() => ({ dragend: (e) => onPoint((e.target as LeafletMarker).getLatLng().wrap()) }), [onPoint])
  return <Marker ref={markerRef} position={position} icon={pointIcon} draggable keyboard alt={POINT_MARKER_LABEL} title={POINT_MARKER_LABEL} eventHandlers={handlers} />
}

/** The search map: click sets the point, the pin drags, the edge handle resizes; country outlines show through when tiles fail. */
export function LocationMap({ point, radiusKm, searched, onPoint, onRadiusKm }: LocationMapProps) {
  const instructionsId = useId()
  const [resizing, setResizing] = useState(false)
  const [tilesFailing, setTilesFailing] = useState(false)
  // Only the first render's view matters: MapContainer ignores later changes (FitToCircle moves it after).
  const [initialBounds] = useState(() => (point && radiusKm ? L.latLng(point).toBounds(radiusKm * 2000) : undefined))
  const tileHandlers = useMemo<LeafletEventHandlerFnMap>(() => ({ tileerror: () => setTilesFailing(true), tileload: () => setTilesFailing(false) }), [])
  const onDragging = useCallback((d: boolean) => setResizing(d), [])
  const showSearched = searched && !sameCircle(searched, point, radiusKm)

  return (
    <div className="space-y-2">
      <MapContainer
        {...(initialBounds ? { bounds: initialBounds, boundsOptions: { padding: [28, 28] } } : { center: [20, 0], zoom: 2 })}
        worldCopyJump
        className="h-[420px] w-full rounded-lg border border-slate-300"
        style={{ background: '#cfe3f3' }}
      >
        <MapAccessibility label="Search map: click to set the point" describedBy={instructionsId} />
        <Pane name="basemap" style={{ zIndex: 150 }}>
          <CountryOutlines />
        </Pane>
        <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} eventHandlers={tileHandlers} />
        <ClickToSetPoint onPoint={onPoint} />
        {showSearched && (
          <Circle center={searched.point} radius={searched.radiusKm * 1000} interactive={false} pathOptions={{ color: '#475569', weight: 2, dashArray: '6 6', fill: false }} />
        )}
        {point && radiusKm !== undefined && (
          <>
            <Circle center={point} radius={radiusKm * 1000} pathOptions={{ color: '#0369a1', weight: 2, fillOpacity: 0.12 }} />
            <RadiusHandle center={point} radiusKm={radiusKm} onRadiusKm={onRadiusKm} onDragging={onDragging} />
          </>
        )}
        {point && <PointMarker point={point} onPoint={onPoint} />}
        <FitToCircle point={point} radiusKm={radiusKm} paused={resizing} />
      </MapContainer>
      <p id={instructionsId} className="text-sm text-slate-600">
        Click the map to set the point; drag the pin to move it and the round handle to resize the circle. With a keyboard: Tab to the pin
        or the handle and use the arrow keys (Shift for bigger steps), or type in the fields.
        {showSearched && ' The dashed circle is the last search.'}
      </p>
      {tilesFailing && (
        <p role="status" className="text-sm text-amber-800">
          Map tiles could not be loaded; the country outlines still show where you are clicking.
        </p>
      )}
    </div>
  )
}
