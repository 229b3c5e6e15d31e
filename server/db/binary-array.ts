/**
 * One-dimensional arrays in Postgres's binary format (what array_recv reads), sent as a Buffer parameter: both
 * engines send a Buffer as binary. A collect job's cues go this way; as text, every number was written out and
 * parsed back and every string quoted and unquoted, a millisecond a track on PGlite (docs/decisions/0176).
 */

const INT4_OID = 23
const INT8_OID = 20
const FLOAT8_OID = 701
const TEXT_OID = 25
const HEADER_BYTES = 20

function arrayOf<T>(
  elementOid: number,
  values: readonly T[],
  sizeOf: (value: T) => number,
  write: (out: Buffer, at: number, value: T) => void,
): Buffer {
  const sizes = values.map(sizeOf)
  let length = HEADER_BYTES
  for (const size of sizes) length += 4 + size
  const out = Buffer.allocUnsafe(length)
  out.writeInt32BE(1, 0) // dimensions
  out.writeInt32BE(0, 4) // no NULL elements
  out.writeInt32BE(elementOid, 8)
  out.writeInt32BE(values.length, 12)
  out.writeInt32BE(1, 16) // lower bound
  let at = HEADER_BYTES
  values.forEach((value, i) => {
    out.writeInt32BE(sizes[i]!, at)
    write(out, at + 4, value)
    at += 4 + sizes[i]!
  })
  return out
}

function checkInteger(value: number, bits: 32 | 64): void {
  // A JavaScript number holds a 64-bit integer exactly only up to 2^53.
  const fits =
    bits === 32
      ? Number.isInteger(value) && value < 2 ** 31 && value >= -(2 ** 31)
      : Number.isSafeInteger(value)
  if (!fits) throw new RangeError(`${value} is not a ${bits}-bit integer`)
}

export const binaryArray = {
  int4: (values: readonly number[]) =>
    arrayOf(
      INT4_OID,
      values,
      () => 4,
      (out, at, v) => {
        checkInteger(v, 32)
        out.writeInt32BE(v, at)
      },
    ),
  int8: (values: readonly number[]) =>
    arrayOf(
      INT8_OID,
      values,
      () => 8,
      (out, at, v) => {
        checkInteger(v, 64)
        out.writeBigInt64BE(BigInt(v), at)
      },
    ),
  float8: (values: readonly number[]) =>
    arrayOf(
      FLOAT8_OID,
      values,
      () => 8,
      (out, at, v) => out.writeDoubleBE(v, at),
    ),
  /** Strings as UTF-8; like text parameters they must hold no NUL (Postgres refuses it either way). */
  text: (values: readonly string[]) =>
    arrayOf(
      TEXT_OID,
      values,
      (v) => Buffer.byteLength(v, 'utf8'),
      (out, at, v) => void out.write(v, at, 'utf8'),
    ),
}

/** How many elements a one-dimensional binary array holds (0 for array_send's empty array, which has no dimensions). */
export function binaryArrayLength(array: Uint8Array): number {
  const view = new DataView(array.buffer, array.byteOffset, array.byteLength)
  if (array.byteLength >= 12 && view.getInt32(0) === 0) return 0
  if (array.byteLength < HEADER_BYTES || view.getInt32(0) !== 1)
    throw new RangeError('not a one-dimensional array in binary format')
  return view.getInt32(12)
}

/**
 * One array of the elements of several (one-dimensional, lower bound 1, of one element type), in order: a batch's
 * tracks go in one statement. The elements are copied as they are.
 */
export function concatBinaryArrays(parts: readonly Uint8Array[]): Buffer {
  const filled = parts.filter((p) => binaryArrayLength(p) > 0)
  if (filled.length === 1) return Buffer.from(filled[0]!.buffer, filled[0]!.byteOffset, filled[0]!.byteLength)
  let length = HEADER_BYTES
  let count = 0
  let oid: number | undefined
  for (const p of filled) {
    const view = new DataView(p.buffer, p.byteOffset, p.byteLength)
    if (view.getInt32(4) !== 0 || view.getInt32(16) !== 1)
      throw new RangeError('an array with NULLs or a lower bound other than 1')
    if (oid !== undefined && view.getInt32(8) !== oid)
      throw new RangeError('arrays of different element types')
    oid = view.getInt32(8)
    count += view.getInt32(12)
    length += p.byteLength - HEADER_BYTES
  }
  if (oid === undefined) {
    // All empty: an empty array of the first one's type (array_send writes its element type even then).
    const out = Buffer.alloc(12)
    if (parts[0]) out.writeInt32BE(new DataView(parts[0].buffer, parts[0].byteOffset).getInt32(8), 8)
    return out
  }
  const out = Buffer.allocUnsafe(length)
  out.writeInt32BE(1, 0)
  out.writeInt32BE(0, 4)
  out.writeInt32BE(oid, 8)
  out.writeInt32BE(count, 12)
  out.writeInt32BE(1, 16)
  let at = HEADER_BYTES
  for (const p of filled) {
    out.set(p.subarray(HEADER_BYTES), at)
    at += p.byteLength - HEADER_BYTES
  }
  return out
}
