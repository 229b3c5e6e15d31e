/** Everything that needs Leaflet, loaded by location-map.tsx after the search view has painted (docs/decisions/0101). */
import 'leaflet/dist/leaflet.css'
import { useCallback, useMemo, useRef, useState } from 'react'
import L, { type LeafletEventHandlerFnMap, type Marker as LeafletMarker } from 'leaflet'
import { Circle, MapContainer, Marker, Pane, TileLayer, useMap } from 'react-leaflet'
import type { LatLng } from '../lib/search-draft.ts'
import type { LocationMapProps, MapCircle } from './location-map.tsx'
import { ClickToSetPoint, FitToCircle, MapAccessibility } from './map-controls.tsx'
import { CountryOutlines } from './country-outlines.tsx'
import { pointIcon } from './leaflet-icons.ts'
import { RadiusHandle } from './radius-handle.tsx'
import { useMarkerArrowKeys } from '../hooks/use-marker-keys.ts'
import { TILE_ATTRIBUTION, TILE_URL } from './tiles.ts'

const POINT_MARKER_LABEL = 'Search point: drag, or use the arrow keys, to move it'

export type LeafletMapProps = Omit<LocationMapProps, 'searched'> & {
  /** The last submitted search when the form has moved away from it (drawn dashed). */
  shownSearch: MapCircle | undefined
  /** The id of the instructions below the map. */
  instructionsId: string
  onTilesFailing: (failing: boolean) => void
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
  const handlers = useMemo<LeafletEventHandlerFnMap>(
    () => ({ dragend: (e) => onPoint((e.target as LeafletMarker).getLatLng().wrap()) }),
    [onPoint],
  )
  return (
    <Marker
      ref={markerRef}
      position={position}
      icon={pointIcon}
      draggable
      keyboard
      alt={POINT_MARKER_LABEL}
      title={POINT_MARKER_LABEL}
      eventHandlers={handlers}
    />
  )
}

/** The Leaflet map: click sets the point, the pin drags, the edge handle resizes; country outlines show through when tiles fail. */
export function LeafletMap({
  point,
  radiusKm,
  shownSearch,
  instructionsId,
  onPoint,
  onRadiusKm,
  onTilesFailing,
}: LeafletMapProps) {
  const [resizing, setResizing] = useState(false)
  // Only the first render's view matters: MapContainer ignores later changes (FitToCircle moves it after).
  const [initialBounds] = useState(() =>
    point && radiusKm ? L.latLng(point).toBounds(radiusKm * 2000) : undefined,
  )
  const tileHandlers = useMemo<LeafletEventHandlerFnMap>(
    () => ({ tileerror: () => onTilesFailing(true), tileload: () => onTilesFailing(false) }),
    [onTilesFailing],
  )
  const onDragging = useCallback((d: boolean) => setResizing(d), [])

  return (
    <MapContainer
      {...(initialBounds
        ? { bounds: initialBounds, boundsOptions: { padding: [28, 28] } }
        : { center: [20, 0], zoom: 2 })}
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
      {shownSearch && (
        <Circle
          center={shownSearch.point}
          radius={shownSearch.radiusKm * 1000}
          interactive={false}
          pathOptions={{ color: '#475569', weight: 2, dashArray: '6 6', fill: false }}
        />
      )}
      {point && radiusKm !== undefined && (
        <>
          <Circle
            center={point}
            radius={radiusKm * 1000}
            pathOptions={{ color: '#0369a1', weight: 2, fillOpacity: 0.12 }}
          />
          <RadiusHandle center={point} radiusKm={radiusKm} onRadiusKm={onRadiusKm} onDragging={onDragging} />
        </>
      )}
      {point && <PointMarker point={point} onPoint={onPoint} />}
      <FitToCircle point={point} radiusKm={radiusKm} paused={resizing} />
    </MapContainer>
  )
}
