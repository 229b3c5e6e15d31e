/** The folder check on made-up folders (the real faults on a real database: pglite-open-faults.test.ts). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { asStorageError } from './database.ts'
import { folderRefusal, inspectFolder, openFailureMessage, POSTGRES_MAJOR } from './pglite-folder-check.ts'

const SYSTEM_ID = 7713096447426396202n
const SEGMENT = '000000010000000000000001'
const SEGMENT_BYTES = 64 * 1024

/** CRC-32C, written out here so the test does not lean on the module's own. */
function crc32c(bytes: Uint8Array): number {
  let c = 0xffffffff
  for (const b of bytes) {
    c ^= b
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0x82f63b78 : c >>> 1
  }
  return (c ^ 0xffffffff) >>> 0
}

function controlFile(systemId = SYSTEM_ID): Buffer {
  const bytes = Buffer.alloc(8192)
  bytes.writeBigUInt64LE(systemId, 0)
  bytes.writeUInt32LE(1800, 8)
  bytes.writeUInt32LE(crc32c(bytes.subarray(0, 292)), 292)
  return bytes
}

function walSegment(systemId = SYSTEM_ID, size = SEGMENT_BYTES): Buffer {
  const bytes = Buffer.alloc(size)
  bytes.writeUInt16LE(0xd118, 0)
  bytes.writeBigUInt64LE(systemId, 24)
  bytes.writeUInt32LE(SEGMENT_BYTES, 32)
  return bytes
}

let dataDir: string
let folder: string
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'poix-folder-check-'))
  folder = join(dataDir, 'pglite')
})
afterEach(() => rmSync(dataDir, { recursive: true, force: true }))

/** A folder with what the check looks at, as a whole database has it. */
function wholeFolder() {
  for (const d of ['base', 'global', 'pg_wal', 'pg_xact', 'pg_multixact', 'pg_commit_ts', 'pg_notify'])
    mkdirSync(join(folder, d), { recursive: true })
  for (const d of ['pg_twophase', 'pg_replslot']) mkdirSync(join(folder, d))
  for (const f of ['postgresql.conf', 'pg_hba.conf']) writeFileSync(join(folder, f), '')
  writeFileSync(join(folder, 'PG_VERSION'), `${POSTGRES_MAJOR}\n`)
  writeFileSync(join(folder, 'global', 'pg_control'), controlFile())
  writeFileSync(join(folder, 'pg_wal', SEGMENT), walSegment())
}

it('an absent or empty folder is one to create; a whole one opens', () => {
  expect(inspectFolder(folder)).toEqual({ kind: 'absent' })
  mkdirSync(folder)
  expect(inspectFolder(folder)).toEqual({ kind: 'absent' })
  wholeFolder()
  expect(inspectFolder(folder)).toEqual({ kind: 'complete' })
  // A segment made ahead of use is zero-filled: not damage.
  writeFileSync(join(folder, 'pg_wal', '000000010000000000000002'), Buffer.alloc(SEGMENT_BYTES))
  expect(inspectFolder(folder)).toEqual({ kind: 'complete' })
  expect(folderRefusal(dataDir, { kind: 'complete' })).toBeUndefined()
})

it.each([
  ['PG_VERSION is missing', () => rmSync(join(folder, 'PG_VERSION')), /PG_VERSION is missing/],
  [
    'PG_VERSION is garbled',
    () => writeFileSync(join(folder, 'PG_VERSION'), '\x00\x7f'),
    /PG_VERSION is garbled/,
  ],
  ['folders are missing', () => rmSync(join(folder, 'pg_xact'), { recursive: true }), /pg_xact is missing/],
  [
    'pg_control is missing',
    () => rmSync(join(folder, 'global', 'pg_control')),
    /global\/pg_control is missing/,
  ],
  [
    'pg_control is short',
    () => writeFileSync(join(folder, 'global', 'pg_control'), controlFile().subarray(0, 100)),
    /global\/pg_control is 100 bytes instead of 8192/,
  ],
  [
    'pg_control is garbled',
    () => writeFileSync(join(folder, 'global', 'pg_control'), controlFile().fill(7, 40, 60)),
    /global\/pg_control is garbled \(its checksum does not match\)/,
  ],
  ['no WAL segment', () => rmSync(join(folder, 'pg_wal', SEGMENT)), /pg_wal\/ holds no WAL segment/],
  [
    'a WAL segment of another database',
    () => writeFileSync(join(folder, 'pg_wal', SEGMENT), walSegment(42n)),
    /WAL segment pg_wal\/000000010000000000000001 is garbled/,
  ],
  [
    'a WAL segment cut short',
    () => writeFileSync(join(folder, 'pg_wal', SEGMENT), walSegment(SYSTEM_ID, 9000)),
    /WAL segment pg_wal\/000000010000000000000001 is cut short \(9000 of 65536 bytes\)/,
  ],
])('a folder where %s is refused, naming it and the way out', (_, damage, problem) => {
  wholeFolder()
  damage()
  const state = inspectFolder(folder)
  expect(state.kind).toBe('damaged')
  const message = folderRefusal(dataDir, state)!
  expect(message).toMatch(problem)
  expect(message).toContain(`The embedded database in ${folder}/ (DATA_DIR) is not a complete database`)
  expect(message).toContain(`npm run restore -- <file>; backups are kept in ${dataDir}/backups/`)
  expect(message).toContain(`move ${folder}/ aside`)
  expect(message).not.toContain('\n')
})

it('a folder made by another Postgres version names both versions', () => {
  wholeFolder()
  writeFileSync(join(folder, 'PG_VERSION'), '17\n')
  const state = inspectFolder(folder)
  expect(state).toEqual({ kind: 'other-version', version: '17' })
  expect(folderRefusal(dataDir, state)).toMatch(
    new RegExp(
      `was made by Postgres 17, and this dashboard's PGlite runs Postgres ${POSTGRES_MAJOR}: open it with the dashboard version that made it, or restore a backup`,
    ),
  )
})

it('a failure to open is named by its errno, then by the folder, then by Postgres, never by PGlite', () => {
  // PGlite's file system throws plain objects: String() of one is "[object Object]".
  const emscripten = (errno: number) =>
    Object.assign(Object.create(null) as object, { name: 'ErrnoError', errno })
  expect(openFailureMessage(dataDir, emscripten(51), [])).toBe(
    `The embedded database in ${dataDir}/ (DATA_DIR) could not be written: the disk is full (ENOSPC). Free space on that disk, or set DATA_DIR to a folder on another one, and start again.`,
  )
  const nodeError = (code: string) => Object.assign(new Error(`${code}: mkdir '.data'`), { code })
  expect(openFailureMessage('.data', nodeError('EROFS'), [])).toBe(
    'DATA_DIR .data/ is on a read-only file system (EROFS), so the embedded database cannot be kept there: set DATA_DIR to a writable folder, or DATABASE_URL to a Postgres server.',
  )
  expect(openFailureMessage(dataDir, emscripten(69), [])).toMatch(/read-only file system \(EROFS\)/)
  expect(openFailureMessage(dataDir, nodeError('EACCES'), [])).toMatch(
    /is not permitted to write in DATA_DIR .* \(EACCES\): give it write access to that folder, set DATA_DIR to one it can write, or set DATABASE_URL/,
  )
  // The folder, read again after the failure, names the damage.
  wholeFolder()
  writeFileSync(join(folder, 'PG_VERSION'), '16')
  expect(openFailureMessage(dataDir, new Error('PGlite failed to initialize properly'), [])).toMatch(
    /made by Postgres 16/,
  )
  writeFileSync(join(folder, 'PG_VERSION'), POSTGRES_MAJOR)
  const log = [
    '2026-11-28 05:54:57.145 UTC [42] LOG:  invalid checkpoint record',
    '2026-11-28 05:56:58.944 UTC [42] FATAL:  could not access status of transaction 753',
    '2026-11-28 05:56:58.944 UTC [42] DETAIL:  Could not open file "pg_xact/0000": No such file or directory.',
  ]
  const abort = new Error('Aborted(). Build with -sASSERTIONS for more info.')
  expect(openFailureMessage(dataDir, abort, log)).toBe(
    `The embedded database in ${folder}/ (DATA_DIR) could not be opened: Postgres says "could not access status of transaction 753 (Could not open file "pg_xact/0000": No such file or directory.)". It was left as it is: restore a backup (npm run restore -- <file>; backups are kept in ${dataDir}/backups/) or move ${folder}/ aside to start with an empty database.`,
  )
  const silent = openFailureMessage(dataDir, abort, [])
  expect(silent).toMatch(
    /could not be opened: PGlite stopped while reading its files, so they are likely damaged/,
  )
  expect(silent).not.toMatch(/Aborted|ASSERTIONS|\[object Object\]/)
})

it('an engine error that is a plain object is said in words, not "[object Object]"', () => {
  expect(asStorageError({ name: 'ErrnoError', errno: 51 }).message).toBe(
    'the file system or network refused it (ENOSPC)',
  )
  expect(asStorageError(new Error('Aborted(). Build with -sASSERTIONS for more info.')).message).toBe(
    'the embedded database stopped (PGlite aborted)',
  )
})
