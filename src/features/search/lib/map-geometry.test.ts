import { describe, expect, it } from 'vitest'
import { eastEdge, radiusKmTo } from './map-geometry.ts'

describe('the radius handle', () => {
  for (const [lat, km] of [
    [48.8566, 10],
    [0, 1000],
    [-33.9, 0.05],
    [64.1, 750],
  ] as const) {
    it(`sits ${km} km east of a point at latitude ${lat}`, () => {
      const c = { lat, lng: 2.35 }
      const edge = eastEdge(c, km)
      expect(edge.lat).toBe(lat)
      expect(edge.lng).toBeGreaterThan(c.lng)
      expect(radiusKmTo(c, edge)).toBeCloseTo(km, 6)
    })
  }
})
