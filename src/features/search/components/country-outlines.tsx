import { useQuery } from '@tanstack/react-query'
import { GeoJSON } from 'react-leaflet'
import { basemapQueries } from '../lib/basemap.ts'

const STYLE = { color: '#64748b', weight: 1, fillColor: '#f8fafc', fillOpacity: 1 } as const

/** Natural Earth country outlines: the offline basemap under the tiles. */
export function CountryOutlines() {
  const { data } = useQuery(basemapQueries.countries())
  // pmIgnore: the area sweep's drawing tools (Leaflet-Geoman) must never offer to edit the basemap.
  return data ? <GeoJSON data={data} interactive={false} style={STYLE} {...{ pmIgnore: true }} /> : null
}
