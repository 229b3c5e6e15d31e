/**
 * An area in a URL parameter, short and URL-safe: Google's polyline encoding (5 decimals, deltas, zig-zag) written
 * with the base64url alphabet so nothing needs escaping. `encodeArea(decodeArea(s))` gives `s` back; coordinates
 * round-trip exactly at 5 decimals (about 1 m).
 */
import type { Area, AreaResult } from './area-types.ts'

/** `s…` for shapes, `p…` for sites; the rest is base64url. */
export function encodeArea(area: Area): string {
  void area
  throw new Error('not implemented')
}

/** The area a link holds, or an error saying the link's area is damaged. */
export function decodeArea(text: string): AreaResult {
  void text
  throw new Error('not implemented')
}
