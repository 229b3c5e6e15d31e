/** Leaflet's default icon path breaks under Vite; the images are imported so they are bundled. */
import L from 'leaflet'
import iconUrl from 'leaflet/dist/images/marker-icon.png'
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png'
import shadowUrl from 'leaflet/dist/images/marker-shadow.png'

export const pointIcon = L.icon({
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  tooltipAnchor: [16, -28],
  shadowSize: [41, 41],
})

/** A round grip on the circle's edge; its text names it for screen readers. */
export const radiusHandleIcon = L.divIcon({
  className: 'search-radius-handle',
  html: '<span style="display:block;width:18px;height:18px;box-sizing:border-box;border-radius:9999px;background:#fff;border:3px solid #0369a1;box-shadow:0 0 3px rgba(0,0,0,.6);cursor:ew-resize"></span>',
  iconSize: [18, 18],
  iconAnchor: [9, 9],
})
