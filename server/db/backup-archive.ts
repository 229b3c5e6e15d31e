/**
 * Reads a backup file into the tar archive PGlite loads (loadDataDir), after checking it is one whole: PGlite's own
 * reader throws an uncaught error on a cut-short gzip, so nothing unchecked reaches it.
 */
import { readFileSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'

const BLOCK = 512

const isGzip = (b: Uint8Array) => b[0] === 0x1f && b[1] === 0x8b

const text = (b: Uint8Array) => Buffer.from(b).toString('latin1').replace(/\0.*$/s, '').trim()

/** The archive (uncompressed tar) for loadDataDir, or an Error whose one line says what is wrong with the file. */
export function readBackupArchive(file: string): Blob {
  let bytes: Uint8Array
  try {
    bytes = readFileSync(file)
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    throw new Error(
      code === 'ENOENT'
        ? `No such backup file: ${file}.`
        : code === 'EISDIR'
          ? `${file} is a folder, not a backup file: name one of the pglite-….tar.gz files in it.`
          : `Cannot read ${file}: ${(e as Error).message}.`,
      { cause: e },
    )
  }
  const notBackup = (why: string, cause?: unknown) =>
    new Error(`${file} is not a backup of the dashboard's database: ${why}.`, { cause })
  if (isGzip(bytes)) {
    try {
      bytes = gunzipSync(bytes)
    } catch (e) {
      throw notBackup(`its compressed data is cut short or damaged (${(e as Error).message})`, e)
    }
  }
  const why = tarProblem(bytes)
  if (why) throw notBackup(why)
  // Read from a file or inflated, the bytes are never a SharedArrayBuffer's.
  return new Blob([bytes as Uint8Array<ArrayBuffer>])
}

/** What keeps bytes from being a whole tar of a Postgres data folder, or undefined. */
function tarProblem(tar: Uint8Array): string | undefined {
  let at = 0
  let hasVersion = false
  while (at + BLOCK <= tar.length) {
    const header = tar.subarray(at, at + BLOCK)
    if (header.every((b) => b === 0)) return hasVersion ? undefined : 'it holds no PG_VERSION file'
    if (text(header.subarray(257, 262)) !== 'ustar')
      return at === 0 ? 'it is not a tar or tar.gz archive' : 'its archive is damaged'
    const size = parseInt(text(header.subarray(124, 136)) || '0', 8)
    if (!Number.isFinite(size)) return 'its archive is damaged'
    if (/^\/?PG_VERSION$/.test(text(header.subarray(0, 100)))) hasVersion = true
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK
  }
  return at === 0 ? 'it is not a tar or tar.gz archive' : 'it is cut short'
}
