/**
 * A strict reader of the ZIPs the dashboard writes (client-zip: stored entries, data descriptors, UTF-8 names), for
 * tests only: it checks every signature, size and CRC-32 and throws on anything it does not understand
 * (compression, encryption, spanning, a ZIP64 end record, duplicate names, bytes left over).
 */

const SIG = {
  local: 0x04034b50,
  central: 0x02014b50,
  end: 0x06054b50,
  descriptor: 0x08074b50,
  end64: 0x06064b50,
  locator64: 0x07064b50,
}
const FLAG = { encrypted: 0x0001, descriptor: 0x0008, utf8: 0x0800 }
const MAX32 = 0xffffffff

const CRC_TABLE = (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
})()

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** UTF-8 text of an entry; throws on bytes that are not UTF-8. */
export function strFromU8(bytes: Uint8Array): string {
  return utf8.decode(bytes)
}

class ZipFormatError extends Error {
  constructor(message: string) {
    super(`read-zip: ${message}`)
    this.name = 'ZipFormatError'
  }
}

function fail(message: string): never {
  throw new ZipFormatError(message)
}

type CentralEntry = {
  name: string
  flags: number
  crc: number
  compressedSize: number
  size: number
  offset: number
  zip64: boolean
}

/** Sizes and offset that did not fit 32 bits, from the ZIP64 extra field (0x0001), in the order the format fixes. */
function readZip64Extra(view: DataView, at: number, length: number, entry: CentralEntry): void {
  const end = at + length
  for (let p = at; p < end;) {
    if (p + 4 > end) fail(`a truncated extra field in ${entry.name}`)
    const id = view.getUint16(p, true)
    const size = view.getUint16(p + 2, true)
    let q = p + 4
    if (q + size > end) fail(`an extra field longer than its room in ${entry.name}`)
    if (id === 0x0001) {
      entry.zip64 = true
      const next = () => {
        if (q + 8 > p + 4 + size) fail(`a ZIP64 extra field too short in ${entry.name}`)
        const v = Number(view.getBigUint64(q, true))
        q += 8
        return v
      }
      if (entry.size === MAX32) entry.size = next()
      if (entry.compressedSize === MAX32) entry.compressedSize = next()
      if (entry.offset === MAX32) entry.offset = next()
    }
    p += 4 + size
  }
}

/** Every entry by name; throws on anything unexpected. */
export function readZip(zip: Uint8Array): Record<string, Uint8Array> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
  const u32 = (at: number) => {
    if (at + 4 > zip.byteLength) fail(`reading past the end at byte ${at}`)
    return view.getUint32(at, true)
  }
  const u16 = (at: number) => {
    if (at + 2 > zip.byteLength) fail(`reading past the end at byte ${at}`)
    return view.getUint16(at, true)
  }
  const nameAt = (at: number, length: number) => {
    if (at + length > zip.byteLength) fail('a file name runs past the end')
    return utf8.decode(zip.subarray(at, at + length))
  }

  // The end record: 22 bytes and no comment (the dashboard writes none), so it sits at the very end.
  const endAt = zip.byteLength - 22
  if (endAt < 0 || u32(endAt) !== SIG.end)
    fail('no end-of-central-directory record at the end (a comment, trailing bytes or not a ZIP)')
  if (endAt >= 20 && u32(endAt - 20) === SIG.locator64)
    fail('a ZIP64 end record, which this reader does not read')
  if (u16(endAt + 4) !== 0 || u16(endAt + 6) !== 0) fail('a ZIP spanning several disks')
  const count = u16(endAt + 10)
  if (u16(endAt + 8) !== count) fail('entries on this disk and in total disagree')
  const centralSize = u32(endAt + 12)
  const centralAt = u32(endAt + 16)
  if (u16(endAt + 20) !== 0) fail('an archive comment')
  if (centralAt + centralSize !== endAt)
    fail('the central directory does not end where the end record begins')

  const entries: CentralEntry[] = []
  let p = centralAt
  for (let i = 0; i < count; i++) {
    if (u32(p) !== SIG.central) fail(`central directory entry ${i} has a wrong signature`)
    const flags = u16(p + 8)
    const method = u16(p + 10)
    const nameLength = u16(p + 28)
    const extraLength = u16(p + 30)
    const commentLength = u16(p + 32)
    const entry: CentralEntry = {
      name: nameAt(p + 46, nameLength),
      flags,
      crc: u32(p + 16),
      compressedSize: u32(p + 20),
      size: u32(p + 24),
      offset: u32(p + 42),
      zip64: false,
    }
    if (flags & FLAG.encrypted) fail(`${entry.name} is encrypted`)
    if (method !== 0)
      fail(`${entry.name} uses compression method ${method}; only stored (0) entries are read`)
    if (u16(p + 34) !== 0) fail(`${entry.name} starts on another disk`)
    readZip64Extra(view, p + 46 + nameLength, extraLength, entry)
    if (entry.compressedSize !== entry.size) fail(`${entry.name} is stored but its sizes differ`)
    entries.push(entry)
    p += 46 + nameLength + extraLength + commentLength
  }
  if (p !== endAt) fail('bytes between the central directory and the end record')

  const files: Record<string, Uint8Array> = {}
  let expectedAt = 0
  for (const e of entries) {
    if (Object.hasOwn(files, e.name)) fail(`two entries named ${e.name}`)
    if (e.offset !== expectedAt)
      fail(`${e.name} does not start where the previous entry ended (gap or overlap)`)
    const at = e.offset
    if (u32(at) !== SIG.local) fail(`${e.name}: wrong local header signature`)
    const flags = u16(at + 6)
    if (flags !== e.flags) fail(`${e.name}: local and central flags differ`)
    if (u16(at + 8) !== 0) fail(`${e.name}: the local header names a compression method`)
    const nameLength = u16(at + 26)
    const extraLength = u16(at + 28)
    if (nameAt(at + 30, nameLength) !== e.name) fail(`${e.name}: local and central names differ`)
    const dataAt = at + 30 + nameLength + extraLength
    if (dataAt + e.size > centralAt) fail(`${e.name} runs into the central directory`)
    const data = zip.subarray(dataAt, dataAt + e.size)
    const crc = crc32(data)
    if (crc !== e.crc)
      fail(`${e.name}: CRC-32 ${crc.toString(16)} but the directory says ${e.crc.toString(16)}`)
    let after = dataAt + e.size
    if (flags & FLAG.descriptor) {
      // Streamed entries carry their CRC and sizes after the data (with the optional signature, as client-zip writes).
      if (u32(after) !== SIG.descriptor) fail(`${e.name}: no data descriptor after the data`)
      if (u32(after + 4) !== e.crc) fail(`${e.name}: the data descriptor's CRC-32 differs`)
      const wide = e.zip64
      const compressed = wide ? Number(view.getBigUint64(after + 8, true)) : u32(after + 8)
      const size = wide ? Number(view.getBigUint64(after + 16, true)) : u32(after + 12)
      if (compressed !== e.size || size !== e.size) fail(`${e.name}: the data descriptor's sizes differ`)
      after += wide ? 24 : 16
    } else if (u32(at + 14) !== e.crc || u32(at + 18) !== e.compressedSize || u32(at + 22) !== e.size) {
      fail(`${e.name}: local header and central directory disagree on CRC or sizes`)
    }
    files[e.name] = data
    expectedAt = after
  }
  if (expectedAt !== centralAt) fail('bytes between the last entry and the central directory')
  return files
}
