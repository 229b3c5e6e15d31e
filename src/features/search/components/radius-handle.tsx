import { useEffect, useMemo, useRef, useState } from 'react'
import type { LeafletEventHandlerFnMap, Marker as LeafletMarker } from 'leaflet'
import { Marker } from 'react-leaflet'
import { eastEdge, radiusKmTo } from '../lib/map-geometry.ts'
import type { LatLng } from '../lib/search-draft.ts'
import { radiusHandleIcon } from './leaflet-icons.ts'
import { useMarkerArrowKeys } from '../hooks/use-marker-keys.ts'

const RADIUS_HANDLE_LABEL = 'Radius handle: drag, or use the arrow keys, to resize the circle'

export type RadiusHandleProps = {
  center: LatLng
  radiusKm: number
  onRadiusKm: (km: number) => void
  onDragging: (dragging: boolean) => void
}

/** A draggable grip on the circle's east edge; arrow keys resize too (and the radius field). */
export function RadiusHandle({ center, radiusKm, onRadiusKm, onDragging }: RadiusHandleProps) {
  const { lat, lng } = center
  const edge = useMemo(() => eastEdge({ lat, lng }, radiusKm), [lat, lng, radiusKm])
  // While dragging, the position prop must keep its identity, or react-leaflet would pull the marker from the pointer.
  const [dragFrom, setDragFrom] = useState<LatLng>()
  const markerRef = useRef<LeafletMarker>(null)
  useEffect(() => {
    markerRef.current?.getElement()?.setAttribute('aria-label', RADIUS_HANDLE_LABEL)
  })
  useMarkerArrowKeys(markerRef, ({ dx, dy, big }) => {
    const grow = dx > 0 || dy < 0 ? 1 : -1
    onRadiusKm(radiusKm * (1 + grow * (big ? 0.25 : 0.05)))
  })
  const handlers = useMemo<LeafletEventHandlerFnMap>(
    () => ({
      dragstart: () => {
        setDragFrom(edge)
        onDragging(true)
      },
      drag: (e) => onRadiusKm(radiusKmTo({ lat, lng }, (e.target as LeafletMarker).getLatLng())),
      dragend: (e) => {
        onRadiusKm(radiusKmTo({ lat, lng }, (e.target as LeafletMarker).getLatLng()))
        setDragFrom(undefined)
        onDragging(false)
      },
    }),
    [lat, lng, edge, onRadiusKm, onDragging],
  )
  return (
    <Marker
      ref={markerRef}
      position={dragFrom ?? edge}
      icon={radiusHandleIcon}
      draggable
      keyboard
      title={RADIUS_HANDLE_LABEL}
      eventHandlers={handlers}
    />
  )
}
