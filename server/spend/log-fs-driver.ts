/**
 * The file store of one process (CACHE_DIR): every write is appended to one log file, and an index in memory
 * says where each key's latest value lies. Creating a file per write cost 1–1.5 ms of system time here and a
 * paid call made five; an append costs about 0.05 ms (docs/decisions/0110). Small values (counters, ledger
 * entries) are also kept in memory; large ones (cached answers) are read back from the file by position.
 *
 * Record: a header line `{"k":key,"n":bytes,"x":expiresAtMs?}` or `{"k":key,"d":1}` (removal), then for a
 * value its `n` bytes and a newline. A record cut short by a crash is cut off when the log is opened, so a
 * crash never leaves half an entry. Opening also rewrites the log without dead or expired records when they
 * make up most of it. Files written by the earlier one-file-per-key layout are imported once.
 */
import { createReadStream, existsSync, writevSync } from 'node:fs'
import { mkdir, open, readdir, readFile, rename, rm, stat, type FileHandle } from 'node:fs/promises'
import { join, relative, resolve, sep } from 'node:path'
import type { Driver } from 'unstorage'

const LOG_NAME = 'store.log'
/** Values up to this size stay in memory; larger ones are read from the log when asked for. */
const INLINE_BYTES = 4096
/** A log at least this long that is mostly dead records is rewritten while the server runs. */
const COMPACT_AT_BYTES = 64 * 1024 * 1024
/** Top-level names the one-file-per-key layout used (docs/decisions/0011). */
const LEGACY_ROOTS = ['cache', 'ledger', 'ledger-seq', 'tally', 'ledger-days', 'spent-micro']

/** Where a value lies: offset and length of its bytes; size = the whole record with its header. */
type Slot = { offset: number; bytes: number; size: number; expiresAt?: number; inline?: string }

export type LogFsDriverOptions = {
  base: string
  now?: () => number
  /** Tests lower it. */
  compactAtBytes?: number
  /** Which values stay in memory besides the log (default: up to 4 KB); the rest are read back when asked for. */
  keepInMemory?: (key: string, bytes: number) => boolean
}

export function logFsDriver(opts: LogFsDriverOptions): Driver {
  const base = resolve(opts.base)
  const file = join(base, LOG_NAME)
  const now = opts.now ?? Date.now
  const index = new Map<string, Slot>()
  const inMemory = opts.keepInMemory ?? ((_key: string, bytes: number) => bytes <= INLINE_BYTES)
  /** The last operation on each key, so a write that lands after a later one does not undo it. */
  const latest = new Map<string, number>()
  let operations = 0
  let handle: FileHandle | undefined
  /** Where the next record starts: the log's length. */
  let end = 0
  /** Bytes of the records the index points at; the rest of the log is dead. */
  let liveBytes = 0
  /** Records waiting for the end of the tick; each learns where in the log it starts once it is written. */
  let queue: { parts: Buffer[]; done: (start: number) => void; fail: (e: unknown) => void }[] | undefined
  let writing: Promise<void> | undefined
  let compacting: Promise<void> | undefined

  const ready = (async () => {
    await mkdir(base, { recursive: true })
    if (!existsSync(file)) await importLegacyFiles(base, file)
    const found = await scan(file, index, now, inMemory)
    end = found.validBytes
    liveBytes = found.liveBytes
    handle = await open(file, 'a+')
    if (found.validBytes < found.fileBytes) await handle.truncate(found.validBytes) // a record cut short by a crash
    if (found.fileBytes > 1024 * 1024 && found.liveBytes * 2 < found.validBytes) await compactNow()
  })()
  ready.catch(() => undefined) // reported by the first call that needs the store

  async function compactNow(): Promise<void> {
    await handle!.close()
    end = await compact(file, index)
    liveBytes = end
    handle = await open(file, 'a+')
  }

  /**
   * Records appended in one tick go out in one synchronous write at its end (group commit): an append to the
   * page cache takes microseconds, while a write through libuv's thread pool cost a thread hand-off and a
   * wake-up per call, which is most of what a paid call cost here (docs/decisions/0110).
   */
  function append(parts: Buffer[]): Promise<number> {
    return new Promise<number>((done, fail) => {
      ;(queue ??= []).push({ parts, done, fail })
      if (!writing) writing = new Promise<void>((resolveTick) => setImmediate(() => void drain().finally(resolveTick)))
    })
  }

  async function drain(): Promise<void> {
    while (queue) {
      if (compacting) await compacting.catch(() => undefined)
      const batch = queue
      queue = undefined
      // Offsets are given out here, not when a record is queued: a rewrite of the log may come in between.
      const starts: number[] = []
      let at = end
      for (const record of batch) {
        starts.push(at)
        for (const part of record.parts) at += part.byteLength
      }
      try {
        writeAll(handle!.fd, batch.flatMap((r) => r.parts))
        end = at
        batch.forEach((r, i) => r.done(starts[i]!))
      } catch (e) {
        // Part of the batch may be in the log: the next open cuts off what does not parse.
        end = (await handle!.stat().catch(() => ({ size: at }))).size
        batch.forEach((r) => r.fail(e))
      }
    }
    writing = undefined
    // Mostly dead records: rewrite the log between writes (reads of large values wait for it).
    if (end > (opts.compactAtBytes ?? COMPACT_AT_BYTES) && liveBytes * 2 < end && !compacting) {
      compacting = compactNow().finally(() => (compacting = undefined))
      await compacting.catch(() => undefined)
    }
  }

  async function read(slot: Slot): Promise<string> {
    if (slot.inline !== undefined) return slot.inline
    if (compacting) await compacting.catch(() => undefined)
    const buffer = Buffer.alloc(slot.bytes)
    await handle!.read(buffer, 0, slot.bytes, slot.offset)
    return buffer.toString('utf8')
  }

  const live = (slot: Slot | undefined): Slot | undefined => (slot && (slot.expiresAt === undefined || slot.expiresAt > now()) ? slot : undefined)

  function forget(key: string): void {
    const old = index.get(key)
    if (old) liveBytes -= old.size
    index.delete(key)
  }

  async function removeItem(key: string): Promise<void> {
    await ready
    if (!index.has(key)) return
    forget(key)
    latest.set(key, ++operations)
    await append([Buffer.from(`${JSON.stringify({ k: key, d: 1 })}\n`)])
  }

  return {
    name: 'fs-log',
    options: opts,
    async hasItem(key) {
      await ready
      return live(index.get(key)) !== undefined
    },
    async getItem(key) {
      await ready
      const slot = live(index.get(key))
      return slot ? read(slot) : null
    },
    async setItem(key, value, topts) {
      await ready
      const body = Buffer.from(value, 'utf8')
      const ttl = Number((topts as { ttl?: unknown } | undefined)?.ttl)
      const expiresAt = Number.isFinite(ttl) && ttl > 0 ? now() + ttl * 1000 : undefined
      const header = Buffer.from(`${JSON.stringify(expiresAt === undefined ? { k: key, n: body.byteLength } : { k: key, n: body.byteLength, x: expiresAt })}\n`)
      const operation = ++operations
      latest.set(key, operation)
      // The index points at the new value only once it is written: readers never see bytes still on their way.
      const offset = (await append([header, body, NEWLINE])) + header.byteLength
      if (latest.get(key) !== operation) return // a later write or removal of this key came first
      latest.delete(key)
      forget(key)
      const slot: Slot = { offset, bytes: body.byteLength, size: header.byteLength + body.byteLength + 1, ...(expiresAt !== undefined ? { expiresAt } : {}) }
      if (inMemory(key, body.byteLength)) slot.inline = value
      index.set(key, slot)
      liveBytes += slot.size
    },
    removeItem,
    async getKeys(prefix) {
      await ready
      return [...index.keys()].filter((k) => (!prefix || k.startsWith(prefix)) && live(index.get(k)))
    },
    async clear(prefix) {
      await ready
      for (const key of [...index.keys()]) if (!prefix || key.startsWith(prefix)) await removeItem(key)
    },
    async dispose() {
      await ready.catch(() => undefined)
      while (writing) await writing
      await handle?.close()
      handle = undefined
    },
  }
}

const NEWLINE = Buffer.from('\n')

/** writev until every byte is written (a write may take only part of what it is given). */
function writeAll(fd: number, buffers: Buffer[]): void {
  let pending = buffers
  while (pending.length) {
    let written = writevSync(fd, pending)
    const rest: Buffer[] = []
    for (const b of pending) {
      if (written >= b.byteLength) written -= b.byteLength
      else {
        rest.push(b.subarray(written))
        written = 0
      }
    }
    pending = rest
  }
}

type Scan = { fileBytes: number; validBytes: number; liveBytes: number }

/** Builds the index from the log; stops at the first record that is incomplete or unreadable. */
async function scan(file: string, index: Map<string, Slot>, now: () => number, inMemory: (key: string, bytes: number) => boolean): Promise<Scan> {
  if (!existsSync(file)) return { fileBytes: 0, validBytes: 0, liveBytes: 0 }
  const fileBytes = (await stat(file)).size
  let position = 0
  let pending: Buffer = Buffer.alloc(0)
  let broken = false
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) {
    pending = pending.length ? Buffer.concat([pending, chunk as Buffer]) : (chunk as Buffer)
    let cursor = 0
    for (;;) {
      const newline = pending.indexOf(10, cursor)
      if (newline < 0) break
      let header: { k?: unknown; n?: unknown; x?: unknown; d?: unknown }
      try {
        header = JSON.parse(pending.subarray(cursor, newline).toString('utf8')) as typeof header
      } catch {
        broken = true
        break
      }
      if (typeof header.k !== 'string') {
        broken = true
        break
      }
      const headerBytes = newline + 1 - cursor
      if (header.d === 1) {
        index.delete(header.k)
        position += headerBytes
        cursor = newline + 1
        continue
      }
      const bytes = Number(header.n)
      if (!Number.isInteger(bytes) || bytes < 0) {
        broken = true
        break
      }
      if (pending.length < newline + 1 + bytes + 1) break // the value continues in the next chunk (or was cut short)
      const valueStart = newline + 1
      if (pending[valueStart + bytes] !== 10) {
        broken = true
        break
      }
      const offset = position + headerBytes
      const expiresAt = typeof header.x === 'number' ? header.x : undefined
      const slot: Slot = { offset, bytes, size: headerBytes + bytes + 1, ...(expiresAt !== undefined ? { expiresAt } : {}) }
      if (inMemory(header.k, bytes)) slot.inline = pending.subarray(valueStart, valueStart + bytes).toString('utf8')
      index.set(header.k, slot)
      position += headerBytes + bytes + 1
      cursor = valueStart + bytes + 1
    }
    if (broken) break
    pending = pending.subarray(cursor)
  }
  let liveBytes = 0
  for (const [key, slot] of index) {
    if (slot.expiresAt !== undefined && slot.expiresAt <= now()) {
      index.delete(key)
      continue
    }
    liveBytes += slot.size
  }
  return { fileBytes, validBytes: position, liveBytes }
}

/** Rewrites the log with only the live records, then swaps it in; returns the new length. */
async function compact(file: string, index: Map<string, Slot>): Promise<number> {
  const temporary = `${file}.${process.pid}.compact`
  const source = await open(file, 'r')
  const target = await open(temporary, 'w')
  let position = 0
  try {
    for (const [key, slot] of index) {
      const body = slot.inline !== undefined ? Buffer.from(slot.inline, 'utf8') : Buffer.alloc(slot.bytes)
      if (slot.inline === undefined) await source.read(body, 0, slot.bytes, slot.offset)
      const header = Buffer.from(`${JSON.stringify(slot.expiresAt === undefined ? { k: key, n: slot.bytes } : { k: key, n: slot.bytes, x: slot.expiresAt })}\n`)
      await target.writev([header, body, NEWLINE])
      slot.offset = position + header.byteLength
      slot.size = header.byteLength + slot.bytes + 1
      position = slot.offset + slot.bytes + 1
    }
    await target.sync()
  } finally {
    await source.close()
    await target.close()
  }
  await rename(temporary, file)
  return position
}

/** One-time import of the one-file-per-key layout, so an existing CACHE_DIR keeps its ledger, budget and cache. */
async function importLegacyFiles(base: string, file: string): Promise<void> {
  const records: Buffer[] = []
  for (const root of LEGACY_ROOTS) {
    const path = join(base, root)
    if (!existsSync(path)) continue
    const files = (await stat(path)).isDirectory() ? (await readdir(path, { recursive: true, withFileTypes: true })).filter((d) => d.isFile()).map((d) => join(d.parentPath, d.name)) : [path]
    for (const found of files) {
      if (found.endsWith('.tmp')) continue // a write the old driver never finished
      const key = relative(base, found).split(sep).join(':')
      const body = await readFile(found)
      let expiresAt: number | undefined
      if (key.startsWith('cache:')) {
        try {
          const parsed = JSON.parse(body.toString('utf8')) as { expiresAt?: unknown }
          if (typeof parsed.expiresAt === 'number') expiresAt = parsed.expiresAt
        } catch {
          continue // unreadable: the cache treats it as absent anyway
        }
      }
      const header = expiresAt === undefined ? { k: key, n: body.byteLength } : { k: key, n: body.byteLength, x: expiresAt }
      records.push(Buffer.from(`${JSON.stringify(header)}\n`), body, NEWLINE)
    }
  }
  if (!records.length) return
  const temporary = `${file}.${process.pid}.import`
  const target = await open(temporary, 'w')
  try {
    await target.writev(records)
    await target.sync()
  } finally {
    await target.close()
  }
  await rename(temporary, file)
  for (const root of LEGACY_ROOTS) await rm(join(base, root), { recursive: true, force: true })
}
