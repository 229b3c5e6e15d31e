/** Identifiers in the platform's shapes (service-facts.md, Identifiers), drawn from a seeded stream. */
import type { Random } from '../random.ts'

export const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_-'
/** A video id's last character carries only 4 bits on the platform. */
const VIDEO_ID_LAST_CHARS = '048AEIMQUYcgkosw'

export const newVideoId = (r: Random): string => r.chars(10, ID_ALPHABET) + r.chars(1, VIDEO_ID_LAST_CHARS)
export const newChannelId = (r: Random): string => 'UC' + r.chars(22, ID_ALPHABET)
/** 26 characters like `UgzoQVUwDeGW1IS5_uR4AaABAg`. */
export const newCommentId = (r: Random): string =>
  'Ug' + r.pick(['w', 'x', 'y', 'z']) + r.chars(16, ID_ALPHABET) + '4AaABAg'
export const newReplySuffix = (r: Random): string => r.chars(22, ID_ALPHABET)

/** Draws ids until one is new: collisions are vanishingly rare, but ids must be unique. */
export function uniqueId(taken: Set<string>, draw: () => string): string {
  for (;;) {
    const id = draw()
    if (!taken.has(id)) {
      taken.add(id)
      return id
    }
  }
}
