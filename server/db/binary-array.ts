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
