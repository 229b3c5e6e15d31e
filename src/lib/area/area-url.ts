/**
 * An area in a URL parameter, short and URL-safe: Google's polyline encoding (5 decimals, deltas, zig-zag, 5-bit
 * chunks) written with the base64url alphabet so nothing needs escaping. Counts come first, so one string holds
 * several polygons and their holes. `encodeArea(decodeArea(s))` gives `s` back; coordinates round-trip exactly at
 * 5 decimals (about 1 m). docs/decisions/0158-area-in-the-url.md
 */
import type { Position } from 'geojson'
import { isShapes, type Area, type AreaResult, type Site } from './area-types.ts'
import { MAX_SITES, MAX_VERTICES, validateArea } from './validate-area.ts'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
const VALUE = new Map([...ALPHABET].map((c, i) => [c, i]))
const SHAPES = 's'
const SITES = 'p'

const e5 = (n: number) => Math.round(n * 1e5)

function writeUnsigned(n: number, out: string[]): void {
  let v = n
  while (v >= 0x20) {
    out.push(ALPHABET[(v % 32) + 32]!)
    v = Math.floor(v / 32)
  }
  out.push(ALPHABET[v]!)
}

const writeSigned = (n: number, out: string[]) => writeUnsigned(n < 0 ? -2 * n - 1 : 2 * n, out)

/** Writes lat, lon as deltas from the previous point (the polyline scheme). */
function writer() {
  const out: string[] = []
  let lat = 0
  let lon = 0
  return {
    out,
    count: (n: number) => writeUnsigned(n, out),
    point(pLat: number, pLon: number) {
      writeSigned(e5(pLat) - lat, out)
      writeSigned(e5(pLon) - lon, out)
      lat = e5(pLat)
      lon = e5(pLon)
    },
  }
}

class Damaged extends Error {}

function reader(text: string) {
  let i = 0
  let lat = 0
  let lon = 0
  const unsigned = () => {
    let v = 0
    let factor = 1
    for (;;) {
      const c = VALUE.get(text[i++] ?? '')
      if (c === undefined)
        throw new Damaged(i > text.length ? 'it ends too early' : `"${text[i - 1]}" is not allowed in it`)
      v += (c & 0x1f) * factor
      factor *= 32
      if (!(c & 0x20)) return v
      if (factor > 2 ** 40) throw new Damaged('a number in it is too long')
    }
  }
  const signed = () => {
    const z = unsigned()
    return z % 2 ? -(z + 1) / 2 : z / 2
  }
  return {
    /** A count, refused above `max` (so a damaged link cannot ask for a huge allocation). */
    count(max: number): number {
      const n = unsigned()
      if (n > max) throw new Damaged(`it counts ${n} items where at most ${max} are allowed`)
      return n
    },
    point(): [number, number] {
      lat += signed()
      lon += signed()
      return [lat / 1e5, lon / 1e5]
    },
    radiusKm: () => unsigned() / 1000,
    done: () => i >= text.length,
    rest: () => text.slice(i),
  }
}

function toBase64Url(s: string): string {
  const bytes = new TextEncoder().encode(s)
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

function fromBase64Url(s: string): string {
  const binary = atob(s.replace(/-/g, '+').replace(/_/g, '/'))
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))
}

/** `s…` for shapes, `p…` for sites (`p….<labels>` when a site has a label); the rest is base64url. */
export function encodeArea(area: Area): string {
  const w = writer()
  if (isShapes(area)) {
    const polygons = area.shapes.coordinates
    w.count(polygons.length)
    for (const rings of polygons) {
      w.count(rings.length)
      for (const ring of rings) {
        // The closing position repeats the first: it is written once and restored on decoding.
        const open = ring.slice(0, -1)
        w.count(open.length)
        for (const [lon, lat] of open) w.point(lat!, lon!)
      }
    }
    return SHAPES + w.out.join('')
  }
  w.count(area.sites.length)
  for (const s of area.sites) {
    w.point(s.lat, s.lon)
    writeUnsigned(Math.round(s.radiusKm * 1000), w.out)
  }
  const labels = area.sites.map((s) => s.label ?? '')
  const tail = labels.some(Boolean) ? `.${toBase64Url(JSON.stringify(labels))}` : ''
  return SITES + w.out.join('') + tail
}

function decodeShapes(text: string): Area {
  const r = reader(text)
  const polygons: Position[][][] = []
  let vertices = 0
  for (let p = r.count(MAX_VERTICES); p > 0; p--) {
    const rings: Position[][] = []
    for (let k = r.count(MAX_VERTICES); k > 0; k--) {
      const ring: Position[] = []
      for (let v = r.count(MAX_VERTICES - vertices); v > 0; v--) {
        const [lat, lon] = r.point()
        ring.push([lon, lat])
      }
      vertices += ring.length
      if (ring.length) ring.push([...ring[0]!])
      rings.push(ring)
    }
    polygons.push(rings)
  }
  if (!r.done()) throw new Damaged('it has characters left over after the area')
  return { shapes: { type: 'MultiPolygon', coordinates: polygons } }
}

function decodeSites(text: string): Area {
  const [body = '', labelPart] = text.split('.')
  const r = reader(body)
  const sites: Site[] = []
  for (let n = r.count(MAX_SITES); n > 0; n--) {
    const [lat, lon] = r.point()
    sites.push({ lat, lon, radiusKm: r.radiusKm() })
  }
  if (!r.done()) throw new Damaged('it has characters left over after the sites')
  if (labelPart !== undefined) {
    let labels: unknown
    try {
      labels = JSON.parse(fromBase64Url(labelPart))
    } catch {
      throw new Damaged('its labels cannot be read')
    }
    if (!Array.isArray(labels) || labels.length !== sites.length)
      throw new Damaged('its labels do not match its sites')
    labels.forEach((l, i) => {
      if (typeof l === 'string' && l) sites[i]!.label = l
    })
  }
  return { sites }
}

/** The area a link holds, or an error saying the link's area is damaged (and why). */
export function decodeArea(text: string): AreaResult {
  const kind = text[0]
  const body = text.slice(1)
  if (kind !== SHAPES && kind !== SITES)
    return {
      ok: false,
      errors: [
        {
          message:
            'The link\'s area is damaged: it does not start with "s" (shapes) or "p" (sites). Draw or paste the area again.',
          where: 'area',
        },
      ],
    }
  try {
    const area = kind === SHAPES ? decodeShapes(body) : decodeSites(body)
    const errors = validateArea(area)
    return errors.length ? { ok: false, errors } : { ok: true, area }
  } catch (e) {
    if (!(e instanceof Damaged)) throw e
    return {
      ok: false,
      errors: [
        { message: `The link's area is damaged: ${e.message}. Draw or paste the area again.`, where: 'area' },
      ],
    }
  }
}
