/** Collection ids: short, url-safe, random (`c_` + 10 characters), so a link to one names nothing about it. */
import { randomBytes } from 'node:crypto'

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
export const COLLECTION_ID_RE = /^c_[0-9A-Za-z]{10}$/

export function newCollectionId(): string {
  // 62 does not divide 256: bytes ≥ 248 are dropped so every character is equally likely.
  const chars: string[] = []
  while (chars.length < 10)
    for (const b of randomBytes(16)) if (b < 248 && chars.length < 10) chars.push(ALPHABET[b % 62]!)
  return `c_${chars.join('')}`
}
