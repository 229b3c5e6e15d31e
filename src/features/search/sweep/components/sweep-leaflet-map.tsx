/** The sweep's Leaflet map (lazy, with Geoman): the area to draw, its circles coloured by state and found count. */
import 'leaflet/dist/leaflet.css'
import './sweep-map.css'
import { memo, useEffect, useMemo, useRef } from 'react'
import type L from 'leaflet'
import { type Circle as LeafletCircle, type LeafletEventHandlerFnMap } from 'leaflet'
import { Circle, MapContainer, Pane, TileLayer, Tooltip, useMap } from 'react-leaflet'
import { areaBounds } from '#lib/area/area-geojson.ts'
import { MapAccessibility } from '../../components/map-controls.tsx'
import { CountryOutlines } from '../../components/country-outlines.tsx'
import { AreaEditor } from './area-editor.tsx'
import { foundColour, STATE_COLOURS } from './circle-colours.ts'
import type { SweepMapProps, CircleView } from './sweep-map.tsx'
import { TILE_ATTRIBUTION, TILE_URL } from '../../components/tiles.ts'

export type SweepLeafletMapProps = SweepMapProps & {
  instructionsId: string
  onTilesFailing: (failing: boolean) => void
}

/** What a circle says to a screen reader and in its tooltip. */
function circleText(c: CircleView): string {
  const counts = c.found === undefined ? '' : `, ${c.found} found, ${c.only ?? 0} only it found`
  return `Circle ${c.id}: ${c.state}${counts}`
}

/** Fits the map to the area when it comes from outside the map (typed, pasted, a link), not while drawing on it. */
function FitToArea({ fitKey, bounds }: { fitKey: number; bounds: L.LatLngBoundsExpression | undefined }) {
  const map = useMap()
  const fitted = useRef(0)
  useEffect(() => {
    // The area reaches the map a render after the key grows (it travels through the address): fit once it is here.
    if (fitKey > fitted.current && bounds) {
      fitted.current = fitKey
      map.fitBounds(bounds, { padding: [24, 24], maxZoom: 15 })
    }
  }, [map, fitKey, bounds])
  return null
}

/** One circle: clickable, and (once it has results) a focusable button that Enter or Space presses. */
const SweepCircle = memo(function SweepCircle({
  circle,
  selected,
  focusable,
  onSelect,
}: {
  circle: CircleView
  selected: boolean
  focusable: boolean
  onSelect: ((id: string) => void) | undefined
}) {
  const ref = useRef<LeafletCircle>(null)
  const label = circleText(circle)
  useEffect(() => {
    const el = ref.current?.getElement()
    if (!el) return
    if (focusable && onSelect) {
      el.setAttribute('tabindex', '0')
      el.setAttribute('role', 'button')
      el.setAttribute('aria-label', `${label}. Press Enter to show only its videos.`)
      el.setAttribute('aria-pressed', String(selected))
    } else {
      ;['tabindex', 'role', 'aria-label', 'aria-pressed'].forEach((a) => el.removeAttribute(a))
    }
    const onKey = (e: Event) => {
      const key = (e as KeyboardEvent).key
      if (key !== 'Enter' && key !== ' ') return
      e.preventDefault()
      onSelect?.(circle.id)
    }
    el.addEventListener('keydown', onKey)
    return () => el.removeEventListener('keydown', onKey)
  }, [focusable, onSelect, label, selected, circle.id])
  const handlers = useMemo<LeafletEventHandlerFnMap>(
    () => ({ click: () => onSelect?.(circle.id) }),
    [onSelect, circle.id],
  )
  return (
    <Circle
      ref={ref}
      center={[circle.lat, circle.lon]}
      radius={circle.radiusKm * 1000}
      eventHandlers={handlers}
      // Read when the layer is made (not from pathOptions): Geoman never offers to edit a planned circle.
      pmIgnore
      pathOptions={{
        color: STATE_COLOURS[circle.state],
        weight: selected ? 4 : 1.5,
        fillColor: circle.found === undefined ? '#bae6fd' : foundColour(circle.found),
        fillOpacity: circle.found === undefined ? 0.15 : 0.55,
      }}
    >
      <Tooltip>{label}</Tooltip>
    </Circle>
  )
})

export function SweepLeafletMap({
  area,
  circles,
  selected,
  editable,
  fitKey,
  instructionsId,
  onArea,
  onSelect,
  onTilesFailing,
}: SweepLeafletMapProps) {
  const tileHandlers = useMemo<LeafletEventHandlerFnMap>(
    () => ({ tileerror: () => onTilesFailing(true), tileload: () => onTilesFailing(false) }),
    [onTilesFailing],
  )
  const bounds = useMemo(() => (area ? areaBounds(area) : undefined), [area])
  return (
    <MapContainer
      {...(bounds ? { bounds, boundsOptions: { padding: [24, 24] } } : { center: [30, 0], zoom: 2 })}
      worldCopyJump
      className="h-[460px] w-full rounded-lg border border-slate-300"
      style={{ background: '#cfe3f3' }}
    >
      <MapAccessibility
        label="Area sweep map: draw the area with the tools at the top left"
        describedBy={instructionsId}
      />
      <Pane name="basemap" style={{ zIndex: 150 }}>
        <CountryOutlines />
      </Pane>
      <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} eventHandlers={tileHandlers} />
      {editable && <AreaEditor area={area} onArea={onArea} />}
      {/* Under the overlay pane, where the area's outline is drawn and edited. */}
      <Pane name="circles" style={{ zIndex: 390 }}>
        {circles.map((c) => (
          <SweepCircle
            key={c.id}
            circle={c}
            selected={selected === c.id}
            focusable={c.found !== undefined}
            onSelect={onSelect}
          />
        ))}
      </Pane>
      <FitToArea fitKey={fitKey} bounds={bounds} />
    </MapContainer>
  )
}
