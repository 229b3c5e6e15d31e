/**
 * A track's word counts and positions (each lexeme's cues: how many, as ts_stat's ndoc, and their seqs) read from its
 * cues' tsvectors as array_send wrote them: counted here in the worker's JavaScript, a quarter of what the same count
 * costs in SQL.
 */
import { binaryArray } from '../../db/binary-array.ts'

/** An int4[] as array_send writes it, one dimension and no NULLs: its values. */
function int4Values(array: Uint8Array): number[] {
  const buf = Buffer.from(array.buffer, array.byteOffset, array.byteLength)
  if (buf.readInt32BE(0) === 0) return []
  const count = buf.readInt32BE(12)
  return Array.from({ length: count }, (_, i) => buf.readInt32BE(20 + i * 8 + 4))
}

/**
 * tsvector[] in binary, and the cues' seqs (int4[] in binary, one per vector) → the lexemes (text[]) in their bytes'
 * order, their cue counts (int4[]) and, in the same order, each lexeme's seqs ascending, one after another (int4[]).
 */
export function termsOfVectors(
  vectors: Uint8Array,
  seqArray: Uint8Array,
): { lexemes: Uint8Array; cues: Uint8Array; seqs: Uint8Array } {
  const buf = Buffer.from(vectors.buffer, vectors.byteOffset, vectors.byteLength)
  const seqs = int4Values(seqArray)
  const cuesOf = new Map<string, number[]>()
  if (buf.readInt32BE(0) > 0) {
    const elements = buf.readInt32BE(12)
    if (elements !== seqs.length) throw new RangeError(`${elements} vectors for ${seqs.length} cues`)
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
        const list = cuesOf.get(key)
        if (list) list.push(seqs[e]!)
        else cuesOf.set(key, [seqs[e]!])
        p = zero + 1 + 2 + 2 * buf.readUInt16BE(zero + 1)
      }
      if (p !== end) throw new RangeError(`tsvector ${e} is not as array_send writes it`)
      at = end
    }
  }
  const keys = [...cuesOf.keys()].sort()
  return {
    lexemes: binaryArray.text(keys.map((k) => Buffer.from(k, 'latin1').toString('utf8'))),
    cues: binaryArray.int4(keys.map((k) => cuesOf.get(k)!.length)),
    seqs: binaryArray.int4(keys.flatMap((k) => cuesOf.get(k)!.sort((a, b) => a - b))),
  }
}
