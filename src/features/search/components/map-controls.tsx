/** Small children of the map: they reach the Leaflet map through useMap(), since MapContainer props are fixed after mount. */
import { useEffect } from 'react'
import L from 'leaflet'
import { useMap, useMapEvents } from 'react-leaflet'
import type { LatLng } from '../lib/search-draft.ts'

/** Names the map for assistive technology and says how to use it without a mouse. */
export function MapAccessibility({ label, describedBy }: { label: string; describedBy: string }) {
  const map = useMap()
  useEffect(() => {
    const el = map.getContainer()
    el.setAttribute('role', 'application')
    el.setAttribute('aria-roledescription', 'map')
    el.setAttribute('aria-label', label)
    el.setAttribute('aria-describedby', describedBy)
  }, [map, label, describedBy])
  return null
}

export function ClickToSetPoint({ onPoint }: { onPoint: (p: LatLng) => void }) {
  useMapEvents({
    click(e) {
      onPoint(e.latlng.wrap())
    },
  })
  return null
}

/** Zooms to the circle whenever it settles (not during a drag, and not on every keystroke). */
export function FitToCircle({
  point,
  radiusKm,
  paused,
}: {
  point: LatLng | undefined
  radiusKm: number | undefined
  paused: boolean
}) {
  const map = useMap()
  const lat = point?.lat
  const lng = point?.lng
  useEffect(() => {
    if (paused || lat === undefined || lng === undefined) return
    const t = setTimeout(() => {
      const target = radiusKm ? L.latLng(lat, lng).toBounds(radiusKm * 2000) : undefined
      if (target) map.fitBounds(target, { padding: [28, 28], maxZoom: 17 })
      else map.panTo([lat, lng])
    }, 300)
    return () => clearTimeout(t)
  }, [map, lat, lng, radiusKm, paused])
  return null
}
