/** Country outlines drawn under the tiles, so the map is readable offline or when tiles are blocked. */
import { queryOptions } from '@tanstack/react-query'
import type { FeatureCollection } from 'geojson'

async function loadCountries(): Promise<FeatureCollection> {
  // Loaded with the map only: Natural Earth 1:110m (world-atlas), about 100 KB.
  const [{ feature }, atlas] = await Promise.all([
    import('topojson-client'),
    import('world-atlas/countries-110m.json'),
  ])
  const topology = atlas.default as unknown as Parameters<typeof feature>[0]
  const countries = topology.objects.countries
  if (!countries) throw new Error('world-atlas has no countries layer')
  const result = feature(topology, countries)
  return result.type === 'FeatureCollection' ? result : { type: 'FeatureCollection', features: [result] }
}

export const basemapQueries = {
  countries: () =>
    queryOptions({
      queryKey: ['basemap', 'countries-110m'],
      queryFn: loadCountries,
      staleTime: Infinity,
      gcTime: Infinity,
      retry: false,
    }),
}
