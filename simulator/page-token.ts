/**
 * Page tokens: short base64 strings (like the platform's `CDIQAA`) that carry an offset and a checksum bound to
 * the query they came from, so a forged, altered or borrowed token is refused with 400 instead of paging anywhere.
 */
import { hashSeed, SIMULATOR_SEED } from './random.ts'

const checksum = (scope: string, offset: number): number =>
  hashSeed('page-token', SIMULATOR_SEED, scope, offset)

function toBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

function fromBase64Url(s: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(s)) return undefined
  try {
    return Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0))
  } catch {
    return undefined
  }
}

/** `scope` names the query (operation and its parameters); `offset` is where the next page starts. */
export function encodePageToken(scope: string, offset: number): string {
  const bytes = new Uint8Array(6)
  const view = new DataView(bytes.buffer)
  view.setUint16(0, offset)
  view.setUint32(2, checksum(scope, offset))
  return toBase64Url(bytes)
}

/** The offset a token stands for, or undefined when it was not issued for this scope. */
export function decodePageToken(scope: string, token: string): number | undefined {
  const bytes = fromBase64Url(token)
  if (!bytes || bytes.length !== 6) return undefined
  const view = new DataView(bytes.buffer)
  const offset = view.getUint16(0)
  return view.getUint32(2) === checksum(scope, offset) ? offset : undefined
}
