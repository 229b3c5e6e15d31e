/**
 * A track's word counts (each lexeme's number of cues, as ts_stat's ndoc) read from its cues' tsvectors as
 * array_send wrote them: counted here in the worker's JavaScript, a quarter of what the same count costs in SQL.
 */
import { binaryArray } from '../../db/binary-array.ts'

/** tsvector[] in binary → the lexemes (text[]) and their cue counts (int4[]), in the lexemes' byte order. */
export function termsOfVectors(vectors: Uint8Array): { lexemes: Uint8Array; cues: Uint8Array } {
  const buf = Buffer.from(vectors.buffer, vectors.byteOffset, vectors.byteLength)
  const counts = new Map<string, number>()
  if (buf.readInt32BE(0) > 0) {
    const elements = buf.readInt32BE(12)
    let at = 20
    for (let e = 0; e < elements; e++) {
      const size = buf.readInt32BE(at)
      const end = at + 4 + size
      let p = at + 4
      const lexemes = buf.readInt32BE(p)
      p += 4
      for (let l = 0; l < lexemes; l++) {
        const zero = buf.indexOf(0, p)
        // Latin-1 keeps every byte as one character: the key is the lexeme's UTF-8 bytes, exactly.
        const key = buf.toString('latin1', p, zero)
        counts.set(key, (counts.get(key) ?? 0) + 1)
        p = zero + 1 + 2 + 2 * buf.readUInt16BE(zero + 1)
      }
      if (p !== end) throw new RangeError(`tsvector ${e} is not as array_send writes it`)
      at = end
    }
  }
  const keys = [...counts.keys()].sort()
  return {
    lexemes: binaryArray.text(keys.map((k) => Buffer.from(k, 'latin1').toString('utf8'))),
    cues: binaryArray.int4(keys.map((k) => counts.get(k)!)),
  }
}
