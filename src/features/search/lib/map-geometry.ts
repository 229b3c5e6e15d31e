/** Where the radius handle sits: on the circle's edge, due east of the centre (same latitude, like Leaflet draws it). */
import { distanceKm } from '#contract/index.ts'
import type { LatLng } from './search-draft.ts'

const EARTH_RADIUS_KM = 6371.0088

export function eastEdge(center: LatLng, km: number): LatLng {
  const rad = Math.PI / 180
  const phi = center.lat * rad
  const cosPhi2 = Math.cos(phi) ** 2
  // Same-latitude point whose great-circle distance is `km`: cos(d/R) = sin²φ + cos²φ·cos(Δλ).
  const x = cosPhi2 < 1e-12 ? -1 : (Math.cos(km / EARTH_RADIUS_KM) - Math.sin(phi) ** 2) / cosPhi2
  const dLng = Math.acos(Math.max(-1, Math.min(1, x))) / rad
  return { lat: center.lat, lng: center.lng + dLng }
}

/** The radius a dragged handle stands for. */
export function radiusKmTo(center: LatLng, handle: LatLng): number {
  return distanceKm(center, handle)
}
