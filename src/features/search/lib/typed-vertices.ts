/** Typed vertices, the keyboard's way to draw an area: one "lat, lon" per line, a shape per blank-line-separated block. */
import type { MultiPolygon, Position } from 'geojson'

type VertexError = { line: number; message: string }
export type TypedVertices = { ok: true; shapes: MultiPolygon } | { ok: false; errors: VertexError[] }

const NUMBER = String.raw`[+-]?(?:\d+(?:\.\d*)?|\.\d+)`
/** `48.85, 2.35`, `48.85 2.35`, `48.85;2.35` or tab-separated. */
const LINE_RE = new RegExp(String.raw`^\s*(${NUMBER})\s*(?:[,;\t]|\s)\s*(${NUMBER})\s*$`)

type Block = { firstLine: number; lines: { line: number; text: string }[] }

function blocksOf(text: string): Block[] {
  const blocks: Block[] = []
  let current: Block | undefined
  text.split(/\r?\n/).forEach((raw, i) => {
    if (!raw.trim()) {
      current = undefined
      return
    }
    if (!current) blocks.push((current = { firstLine: i + 1, lines: [] }))
    current.lines.push({ line: i + 1, text: raw })
  })
  return blocks
}

function vertexOf(line: number, text: string, errors: VertexError[]): Position | undefined {
  const m = LINE_RE.exec(text)
  if (!m) {
    errors.push({ line, message: `Line ${line}: "${text.trim()}" is not "lat, lon" (e.g. 48.8566, 2.3522).` })
    return undefined
  }
  const lat = Number(m[1])
  const lon = Number(m[2])
  if (Math.abs(lat) > 90) {
    const hint = Math.abs(lon) <= 90 ? ' Are latitude and longitude swapped? Latitude comes first.' : ''
    errors.push({ line, message: `Line ${line}: latitude ${lat} is outside -90 to 90.${hint}` })
    return undefined
  }
  if (Math.abs(lon) > 180) {
    errors.push({ line, message: `Line ${line}: longitude ${lon} is outside -180 to 180.` })
    return undefined
  }
  return [lon, lat]
}

const samePosition = (a: Position | undefined, b: Position | undefined) =>
  !!a && !!b && a[0] === b[0] && a[1] === b[1]

/** Text → a MultiPolygon (lon/lat, each ring closed), or every line that is wrong, named by its number. */
export function parseTypedVertices(text: string): TypedVertices {
  const errors: VertexError[] = []
  const blocks = blocksOf(text)
  if (blocks.length === 0)
    return { ok: false, errors: [{ line: 1, message: 'Type at least three "lat, lon" lines.' }] }
  const polygons: Position[][][] = []
  blocks.forEach((block, i) => {
    const ring = block.lines
      .map(({ line, text: t }) => vertexOf(line, t, errors))
      .filter((p): p is Position => !!p)
    if (ring.length !== block.lines.length) return
    // A ring typed closed (last line = first) and one typed open are the same shape.
    if (samePosition(ring[0], ring.at(-1)) && ring.length > 1) ring.pop()
    if (ring.length < 3) {
      errors.push({
        line: block.firstLine,
        message: `Shape ${i + 1} (from line ${block.firstLine}) has ${ring.length} ${ring.length === 1 ? 'vertex' : 'vertices'}; a shape needs at least 3.`,
      })
      return
    }
    polygons.push([[...ring, ring[0]!]])
  })
  return errors.length > 0
    ? { ok: false, errors }
    : { ok: true, shapes: { type: 'MultiPolygon', coordinates: polygons } }
}

const trim = (n: number) => String(Number(n.toFixed(5)))

/** The shapes back as text (outer rings only, closing vertex left out), so a drawn area can be read and edited by keyboard. */
export function typedVerticesOf(shapes: MultiPolygon): string {
  return shapes.coordinates
    .map((polygon) =>
      (polygon[0] ?? [])
        .slice(0, -1)
        .map(([lon, lat]) => `${trim(lat!)}, ${trim(lon!)}`)
        .join('\n'),
    )
    .join('\n\n')
}
