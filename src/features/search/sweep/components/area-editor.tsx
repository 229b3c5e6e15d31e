/** Drawing the area with Leaflet-Geoman: polygons and rectangles, several shapes, edit, drag and remove; every change becomes the Area. */
import '@geoman-io/leaflet-geoman-free'
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css'
import { useEffect, useRef } from 'react'
import L from 'leaflet'
import { useMap } from 'react-leaflet'
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson'
import type { Area } from '#lib/area/area-types.ts'
import { isShapes } from '#lib/area/area-types.ts'
import { encodeArea } from '#lib/area/area-url.ts'
import { parseAreaGeoJson } from '#lib/area/parse-area.ts'

export type AreaEditorProps = {
  area: Area | undefined
  /** A drawn change: the new area, or undefined when every shape was removed. */
  onArea: (area: Area | undefined) => void
}

/** An outline only (no fill), above the circles: its edge takes Geoman's clicks, the circles inside take the filter's. */
const SHAPE_STYLE: L.PathOptions = { color: '#7c2d12', weight: 3, fill: false, dashArray: '6 4' }

/** The drawn shapes (circles and the basemap are pmIgnore'd, so every Geoman polygon is a shape of the area). */
function drawnPolygons(map: L.Map): L.Polygon[] {
  return map.pm.getGeomanLayers().filter((l): l is L.Polygon => l instanceof L.Polygon)
}

/** Leaflet's world copies give longitudes past ±180; GeoJSON (and the service) want -180..180 (core unwraps across 180). */
const wrapLon = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180

function wrapped(feature: Feature<Polygon | MultiPolygon>): Feature<Polygon | MultiPolygon> {
  return JSON.parse(JSON.stringify(feature), (key, value: unknown) =>
    key === 'coordinates' ? wrapPositions(value) : value,
  ) as Feature<Polygon | MultiPolygon>
}

function wrapPositions(value: unknown): unknown {
  if (!Array.isArray(value)) return value
  if (typeof value[0] === 'number') return [wrapLon(value[0]), ...value.slice(1)]
  return value.map(wrapPositions)
}

function areaOf(map: L.Map): Area | undefined {
  const features = drawnPolygons(map).map((l) => wrapped(l.toGeoJSON(6) as Feature<Polygon | MultiPolygon>))
  if (features.length === 0) return undefined
  const fc: FeatureCollection = { type: 'FeatureCollection', features }
  const parsed = parseAreaGeoJson(fc)
  return parsed.ok ? parsed.area : undefined
}

/** Geoman titles each tool's wrapper, not its role="button" link: the link gets the title as its accessible name. */
function nameToolbarButtons(map: L.Map) {
  map
    .getContainer()
    .querySelectorAll<HTMLElement>('.leaflet-pm-toolbar .button-container[title]')
    .forEach((wrapper) => {
      wrapper.querySelector('.leaflet-buttons-control-button')?.setAttribute('aria-label', wrapper.title)
    })
}

/** The map's shapes become the area; `shown` remembers it so its echo through the URL redraws nothing. */
function emitChange(map: L.Map, shown: { current: string }, onArea: (area: Area | undefined) => void) {
  const next = areaOf(map)
  shown.current = next ? encodeArea(next) : ''
  onArea(next)
}

export function AreaEditor({ area, onArea }: AreaEditorProps) {
  const map = useMap()
  // The area the map shows, encoded: a URL change that is the map's own echo redraws nothing.
  const shown = useRef<string>('')
  const onAreaRef = useRef(onArea)
  useEffect(() => {
    onAreaRef.current = onArea
  })

  useEffect(() => {
    map.pm.addControls({
      position: 'topleft',
      drawMarker: false,
      drawCircleMarker: false,
      drawPolyline: false,
      drawCircle: false,
      drawText: false,
      cutPolygon: false,
      rotateMode: false,
    })
    map.pm.setPathOptions(SHAPE_STYLE)
    nameToolbarButtons(map)
    const changed = () => emitChange(map, shown, onAreaRef.current)
    const watch = (layer: L.Layer) => layer.on('pm:edit pm:dragend', changed)
    const onCreate = (e: { layer: L.Layer }) => {
      watch(e.layer)
      changed()
    }
    map.on('pm:create', onCreate)
    map.on('pm:remove', changed)
    drawnPolygons(map).forEach(watch)
    return () => {
      map.off('pm:create', onCreate)
      map.off('pm:remove', changed)
      map.pm.removeControls()
    }
  }, [map])

  useEffect(() => {
    const encoded = area ? encodeArea(area) : ''
    if (encoded === shown.current) return
    shown.current = encoded
    drawnPolygons(map).forEach((l) => l.remove())
    if (!area || !isShapes(area)) return
    for (const polygon of area.shapes.coordinates) {
      const rings = polygon.map((ring) => ring.slice(0, -1).map(([lon, lat]) => L.latLng(lat!, lon!)))
      const layer = L.polygon(rings, SHAPE_STYLE).addTo(map)
      layer.on('pm:edit pm:dragend', () => emitChange(map, shown, onAreaRef.current))
    }
  }, [map, area])

  return null
}
