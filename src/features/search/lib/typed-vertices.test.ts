import { describe, expect, it } from 'vitest'
import { parseTypedVertices, typedVerticesOf } from './typed-vertices.ts'

describe('typed vertices', () => {
  it('reads one "lat, lon" per line into closed lon/lat rings, a shape per blank-line-separated block', () => {
    const r = parseTypedVertices('48.9, 2.3\n48.9 2.4\n48.8;2.4\n\n\n10\t20\n11, 20\n11, 21\n10, 20\n')
    expect(r).toEqual({
      ok: true,
      shapes: {
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [2.3, 48.9],
              [2.4, 48.9],
              [2.4, 48.8],
              [2.3, 48.9],
            ],
          ],
          [
            [
              [20, 10],
              [20, 11],
              [21, 11],
              [20, 10],
            ],
          ],
        ],
      },
    })
  })

  it('names every wrong line: not a pair, out of range (with a swap hint), too few vertices', () => {
    const r = parseTypedVertices('48.9, 2.3\nparis\n48.8, 2.4\n\n2.35, 148.8\n\n95, 2\n\n1, 2\n1, 3')
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.errors).toEqual([
      { line: 2, message: 'Line 2: "paris" is not "lat, lon" (e.g. 48.8566, 2.3522).' },
      { line: 5, message: 'Shape 2 (from line 5) has 1 vertex; a shape needs at least 3.' },
      {
        line: 7,
        message:
          'Line 7: latitude 95 is outside -90 to 90. Are latitude and longitude swapped? Latitude comes first.',
      },
      { line: 9, message: 'Shape 4 (from line 9) has 2 vertices; a shape needs at least 3.' },
    ])
    expect(parseTypedVertices('1, 200\n1, 2\n2, 2')).toEqual({
      ok: false,
      errors: [{ line: 1, message: 'Line 1: longitude 200 is outside -180 to 180.' }],
    })
  })

  it('asks for vertices when there is no text', () => {
    expect(parseTypedVertices('  \n\n')).toEqual({
      ok: false,
      errors: [{ line: 1, message: 'Type at least three "lat, lon" lines.' }],
    })
  })

  it('writes shapes back as the same text', () => {
    const text = '48.9, 2.3\n48.9, 2.4\n48.8, 2.4\n\n10, 20\n11, 20\n11, 21'
    const r = parseTypedVertices(text)
    expect(r.ok && typedVerticesOf(r.shapes)).toBe(text)
  })
})
