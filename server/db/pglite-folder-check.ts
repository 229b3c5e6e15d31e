/**
 * What is in an embedded database's folder (DATA_DIR/pglite), read from its files before PGlite touches them, and
 * the one line a person reads when it cannot be opened: the folder, what is wrong, and what to do.
 */
import { closeSync, fstatSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs'
import { join } from 'node:path'
import { errnoCode } from './errno.ts'

/** The Postgres major version @electric-sql/pglite 0.5 runs: what it writes in PG_VERSION (a test checks it). */
export const POSTGRES_MAJOR = '18'

/** Postgres stops at start without any of these (each was tried); deeper damage is left to its own log. */
const REQUIRED = [
  'base',
  'global',
  'pg_wal',
  'pg_xact',
  'pg_multixact',
  'pg_commit_ts',
  'pg_notify',
  'pg_twophase',
  'pg_replslot',
  'postgresql.conf',
  'pg_hba.conf',
]
const PG_CONTROL_SIZE = 8192
const WAL_SEGMENT_NAME = /^[0-9A-F]{24}$/
/** A WAL segment's first page header, up to its segment size (XLogLongPageHeaderData). */
const WAL_HEADER_BYTES = 40

export type FolderState =
  /** No folder, or an empty one: a database may be created there. */
  | { kind: 'absent' }
  | { kind: 'complete' }
  | { kind: 'other-version'; version: string }
  | { kind: 'damaged'; problem: string }

const damaged = (problem: string): FolderState => ({ kind: 'damaged', problem })

/** Reads a file, or undefined when it does not exist; any other failure (EACCES) is thrown for the caller to name. */
function readIfThere(file: string): Buffer | undefined {
  try {
    return readFileSync(file)
  } catch (e) {
    if (errnoCode(e) === 'ENOENT') return undefined
    throw e
  }
}

export function inspectFolder(folder: string): FolderState {
  let entries: string[]
  try {
    entries = readdirSync(folder)
  } catch (e) {
    if (errnoCode(e) === 'ENOENT') return { kind: 'absent' }
    throw e
  }
  if (entries.length === 0) return { kind: 'absent' }
  const version = readIfThere(join(folder, 'PG_VERSION'))?.toString('utf8').trim()
  if (version === undefined) return damaged('PG_VERSION is missing')
  if (!/^\d+$/.test(version)) return damaged('PG_VERSION is garbled')
  if (version !== POSTGRES_MAJOR) return { kind: 'other-version', version }
  const missing = REQUIRED.filter((name) => !entries.includes(name))
  if (missing.length) return damaged(`${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing`)
  const control = readControlFile(join(folder, 'global', 'pg_control'))
  if (typeof control === 'string') return damaged(control)
  const wal = walProblem(join(folder, 'pg_wal'), control)
  return wal ? damaged(wal) : { kind: 'complete' }
}

/** CRC-32C (Castagnoli), the checksum Postgres keeps in pg_control. */
const CRC_TABLE = new Uint32Array(256).map((_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1
  return c
})
function crc32c(bytes: Uint8Array): number {
  let c = ~0
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8)
  return ~c >>> 0
}

/** The cluster's system identifier, or what is wrong with pg_control. */
function readControlFile(file: string): bigint | string {
  const bytes = readIfThere(file)
  if (!bytes) return 'global/pg_control is missing'
  if (bytes.length !== PG_CONTROL_SIZE)
    return `global/pg_control is ${bytes.length} bytes instead of ${PG_CONTROL_SIZE}`
  // The checksum follows the fields it covers, at an offset that changes between versions: any offset that matches.
  for (let at = 16; at + 4 <= 1024; at += 4)
    if (crc32c(bytes.subarray(0, at)) === bytes.readUInt32LE(at)) return bytes.readBigUInt64LE(0)
  return 'global/pg_control is garbled (its checksum does not match)'
}

function walProblem(dir: string, systemId: bigint): string | undefined {
  const segments = readdirSync(dir).filter((name) => WAL_SEGMENT_NAME.test(name))
  if (!segments.length) return 'pg_wal/ holds no WAL segment'
  for (const name of segments) {
    const header = Buffer.alloc(WAL_HEADER_BYTES)
    const fd = openSync(join(dir, name), 'r')
    let size: number
    try {
      size = fstatSync(fd).size
      readSync(fd, header, 0, WAL_HEADER_BYTES, 0)
    } finally {
      closeSync(fd)
    }
    if (size < WAL_HEADER_BYTES) return `WAL segment pg_wal/${name} is cut short (${size} bytes)`
    if (header.readUInt16LE(0) === 0) continue // made ahead of use, zero-filled: nothing written in it yet
    if (header.readBigUInt64LE(24) !== systemId)
      return `WAL segment pg_wal/${name} is garbled (its header is not this database's)`
    const expected = header.readUInt32LE(32)
    if (size !== expected) return `WAL segment pg_wal/${name} is cut short (${size} of ${expected} bytes)`
  }
  return undefined
}

const restoreHint = (dataDir: string) =>
  `restore a backup (npm run restore -- <file>; backups are kept in ${join(dataDir, 'backups')}/) or move ${join(dataDir, 'pglite')}/ aside to start with an empty database`

/** Why the folder's database is not opened, or undefined when it may be (complete) or created (absent). */
export function folderRefusal(dataDir: string, state: FolderState): string | undefined {
  const where = `The embedded database in ${join(dataDir, 'pglite')}/ (DATA_DIR)`
  if (state.kind === 'damaged')
    return `${where} is not a complete database: ${state.problem}. It was left as it is: ${restoreHint(dataDir)}.`
  if (state.kind === 'other-version')
    return `${where} was made by Postgres ${state.version}, and this dashboard's PGlite runs Postgres ${POSTGRES_MAJOR}: open it with the dashboard version that made it, or ${restoreHint(dataDir)}.`
  return undefined
}

/** Postgres's own reason for stopping at start (its last FATAL or PANIC line, with its DETAIL), from PGlite's stderr. */
function postgresReason(log: readonly string[]): string | undefined {
  const at = log.findLastIndex((line) => /\b(FATAL|PANIC):\s/.test(line))
  if (at < 0) return undefined
  const text = (line: string) => line.replace(/^.*?\b(FATAL|PANIC|DETAIL):\s+/, '').trim()
  const detail = log[at + 1]
  return `${text(log[at]!)}${detail && /\bDETAIL:\s/.test(detail) ? ` (${text(detail)})` : ''}`.slice(0, 300)
}

/** PGlite's own messages that name nothing a person can act on (an Emscripten abort, a failed start). */
const UNINFORMATIVE = /Aborted\(|failed to initialize|\[object Object\]|reading 'call'/

/** The one line for a failure to open or create the database under dataDir: by errno, then the folder, then Postgres's log. */
export function openFailureMessage(dataDir: string, error: unknown, postgresLog: readonly string[]): string {
  const code = errnoCode(error)
  if (code === 'ENOSPC')
    return `The embedded database in ${dataDir}/ (DATA_DIR) could not be written: the disk is full (ENOSPC). Free space on that disk, or set DATA_DIR to a folder on another one, and start again.`
  if (code === 'EROFS')
    return `DATA_DIR ${dataDir}/ is on a read-only file system (EROFS), so the embedded database cannot be kept there: set DATA_DIR to a writable folder, or DATABASE_URL to a Postgres server.`
  if (code === 'EACCES' || code === 'EPERM')
    return `This process (user ${process.getuid?.() ?? '?'}) is not permitted to write in DATA_DIR ${dataDir}/ (${code}): give it write access to that folder, set DATA_DIR to one it can write, or set DATABASE_URL to a Postgres server.`
  let refusal: string | undefined
  try {
    refusal = folderRefusal(dataDir, inspectFolder(join(dataDir, 'pglite')))
  } catch {
    refusal = undefined // the folder cannot be read: Postgres's reason, below, is the one to give
  }
  if (refusal) return refusal
  const where = `The embedded database in ${join(dataDir, 'pglite')}/ (DATA_DIR) could not be opened`
  const reason = postgresReason(postgresLog)
  if (reason) return `${where}: Postgres says "${reason}". It was left as it is: ${restoreHint(dataDir)}.`
  const message =
    error instanceof Error && !UNINFORMATIVE.test(error.message) ? ` (${error.message.slice(0, 160)})` : ''
  return `${where}: PGlite stopped while reading its files${message}${code ? ` (${code})` : ''}, so they are likely damaged. It was left as it is: ${restoreHint(dataDir)}.`
}
