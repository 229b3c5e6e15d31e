/** A point as `location=` writes it, alone in its module so the SPA's link builders need none of geo.ts. */
export type LatLng = { lat: number; lng: number }

/** A point as `location=` writes it (the comma stays readable). */
export function formatLocation(p: LatLng): string {
  return `${p.lat},${p.lng}`
}
