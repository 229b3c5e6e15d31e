/**
 * An azimuthal equidistant projection centred on the area (spherical, Turf's earth radius). It never shrinks a
 * distance, so a point within r of a centre on the plane is within r of it on the earth: a plane cover is a true cover.
 */
const EARTH_RADIUS_KM = 6371.0088
const RAD = Math.PI / 180

export type LonLat = [number, number]
export type Xy = [number, number]

export type Projection = {
  forward(p: LonLat): Xy
  /** The longitude stays within 180° of the centre's (unwrapped), so it matches the area's unwrapped longitudes. */
  inverse(p: Xy): LonLat
}

export function localProjection(centre: LonLat): Projection {
  const lon0 = centre[0] * RAD
  const lat0 = centre[1] * RAD
  const sin0 = Math.sin(lat0)
  const cos0 = Math.cos(lat0)
  return {
    forward([lon, lat]) {
      const dLon = lon * RAD - lon0
      const phi = lat * RAD
      const cosC = sin0 * Math.sin(phi) + cos0 * Math.cos(phi) * Math.cos(dLon)
      const c = Math.acos(Math.max(-1, Math.min(1, cosC)))
      const k = c === 0 ? 1 : c / Math.sin(c)
      return [
        EARTH_RADIUS_KM * k * Math.cos(phi) * Math.sin(dLon),
        EARTH_RADIUS_KM * k * (cos0 * Math.sin(phi) - sin0 * Math.cos(phi) * Math.cos(dLon)),
      ]
    },
    inverse([x, y]) {
      const rho = Math.hypot(x, y)
      if (rho === 0) return [centre[0], centre[1]]
      const c = rho / EARTH_RADIUS_KM
      const sinC = Math.sin(c)
      const cosC = Math.cos(c)
      const phi = Math.asin(Math.max(-1, Math.min(1, cosC * sin0 + (y * sinC * cos0) / rho)))
      const lambda = Math.atan2(x * sinC, rho * cos0 * cosC - y * sin0 * sinC)
      return [centre[0] + lambda / RAD, phi / RAD]
    },
  }
}

/** Great-circle distance in km (haversine), on the same sphere as the projection. */
export function haversineKm(a: LonLat, b: LonLat): number {
  const dLat = (b[1] - a[1]) * RAD
  const dLon = (b[0] - a[0]) * RAD
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * RAD) * Math.cos(b[1] * RAD) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** A longitude in [-180, 180]. */
export function normaliseLon(lon: number): number {
  const l = ((((lon + 180) % 360) + 360) % 360) - 180
  return l === -180 && lon > 0 ? 180 : l
}
