/**
 * Paid answers kept until they expire, one row per (data source, normalised call) in cache_entries, bodies as
 * bytes: demo and live answers can never be read for each other. Recent entries stay in memory too (an LRU
 * bounded in bytes), so a hot hit touches no database; their last use is written in batches. The table is
 * kept under a size cap by evicting the least recently used rows. docs/decisions/0120. Bodies are deflated before
 * they are written, on libuv's thread pool, not by the database on the thread that serves requests (0179).
 */
import { promisify } from 'node:util'
import { constants, deflateRaw, inflateRawSync } from 'node:zlib'
import { LRUCache } from 'lru-cache'
import type { Database, Queryable, Statement } from '../db/database.ts'
import { num } from '../db/database.ts'
import type { ErrorCode } from '../errors.ts'

type CachedAnswer = {
  kind: 'answer'
  body: string
  contentType: string
  bytes: number
  storedAt: number
  expiresAt: number
}
type CachedFailure = {
  kind: 'failure'
  status: number
  code: ErrorCode
  message: string
  param?: string
  storedAt: number
  expiresAt: number
}
export type Cached = CachedAnswer | CachedFailure
export type NewEntry =
  Omit<CachedAnswer, 'storedAt' | 'expiresAt'> | Omit<CachedFailure, 'storedAt' | 'expiresAt'>

/** How a row's body bytes are kept: as they are (rows from before migration 10), or deflated (raw, no header). */
type BodyEncoding = 'identity' | 'deflate'

/** An entry with its body as the bytes the table keeps (encodeEntry). */
export type StoredEntry = {
  entry: NewEntry
  body: Uint8Array | null
  encoding: BodyEncoding
  /** The body's own length in UTF-8, what the size cap counts. */
  bytes: number
}

const deflate = promisify(deflateRaw)
// The fastest level: on this data it is still smaller than the database's own compression, at a fraction of its time.
const DEFLATE = { level: constants.Z_BEST_SPEED }

/**
 * The bytes to store for an entry, deflated off this thread. Never rejects: a body that cannot be deflated is kept as
 * it is, so the settlement that stores it is never held up.
 */
export async function encodeEntry(entry: NewEntry): Promise<StoredEntry> {
  if (entry.kind !== 'answer') return { entry, body: null, encoding: 'identity', bytes: 0 }
  const raw = Buffer.from(entry.body, 'utf8')
  try {
    return { entry, body: await deflate(raw, DEFLATE), encoding: 'deflate', bytes: raw.byteLength }
  } catch {
    return { entry, body: raw, encoding: 'identity', bytes: raw.byteLength }
  }
}

const DEFAULT_MEMORY_BYTES = 64 * 1024 * 1024

/** Bytes an entry holds in memory, roughly: its strings at two bytes a character, plus the record. */
const sizeOf = (e: Cached): number =>
  256 + 2 * (e.kind === 'answer' ? e.body.length + e.contentType.length : e.message.length)

const utf8 = new TextDecoder('utf-8', { ignoreBOM: true })

type CacheRow = {
  kind: string
  status: number
  content_type: string | null
  /** base64 of the stored bytes (see store). */
  body: string | null
  body_encoding: string
  code: string | null
  message: string | null
  param: string | null
  bytes: number
  stored_at: unknown
  expires_at: unknown
}

function decoded(bytes: Buffer, encoding: string): Uint8Array {
  return encoding === 'deflate' ? inflateRawSync(bytes) : bytes
}

function fromRow(r: CacheRow): Cached {
  const times = { storedAt: num(r.stored_at), expiresAt: num(r.expires_at) }
  if (r.kind === 'answer')
    return {
      kind: 'answer',
      body: r.body ? utf8.decode(decoded(Buffer.from(r.body, 'base64'), r.body_encoding)) : '',
      contentType: r.content_type ?? '',
      bytes: num(r.bytes),
      ...times,
    }
  return {
    kind: 'failure',
    status: num(r.status),
    code: (r.code ?? 'upstream_error') as ErrorCode,
    message: r.message ?? '',
    ...(r.param ? { param: r.param } : {}),
    ...times,
  }
}

export type ResponseCacheOptions = {
  db: Database
  /** 'demo' or 'live:<DATA_API_URL>': part of every key. */
  source: string
  now: () => number
  memoryBytes?: number
  /** Cap of the table's body bytes (CACHE_MAX_MB); least recently used rows go first. */
  maxBytes: number
}

export type ResponseCache = ReturnType<typeof createResponseCache>

export function createResponseCache({
  db,
  source,
  now,
  memoryBytes = DEFAULT_MEMORY_BYTES,
  maxBytes,
}: ResponseCacheOptions) {
  const recent = new LRUCache<string, Cached>({ maxSize: Math.max(1, memoryBytes), sizeCalculation: sizeOf })
  const live = (e: Cached | undefined) => (e && e.expiresAt > now() ? e : undefined)
  const touched = new Set<string>()
  let bytesSinceEviction = 0

  async function find(q: Queryable, key: string): Promise<Cached | undefined> {
    const [row] = await q.query<CacheRow>(
      "SELECT kind, status, content_type, encode(body, 'base64') AS body, body_encoding, code, message, param, bytes, stored_at, expires_at FROM cache_entries WHERE source = $1 AND key = $2 AND expires_at > $3",
      [source, key, now()],
    )
    return row ? fromRow(row) : undefined
  }

  /**
   * The row's upsert (parameters $1…$14), to run in the transaction or statement that settles the paid call; undefined
   * when the entry is not to be kept. Its bytes (from encodeEntry) count toward the next eviction.
   */
  function storeStatement(
    key: string,
    operation: string,
    { entry, body, encoding, bytes }: StoredEntry,
    ttlSeconds: number,
  ): Statement | undefined {
    if (ttlSeconds <= 0) return undefined
    const t = now()
    bytesSinceEviction += bytes
    // The bytes travel in binary (both engines: pglite-engine.ts passes bytea through), never as hex or base64 text.
    return {
      sql: `INSERT INTO cache_entries (source, key, operation, kind, status, content_type, body, body_encoding, code, message, param, bytes, stored_at, expires_at, last_used_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7::bytea, $8, $9, $10, $11, $12, $13, $14, $13)
         ON CONFLICT (source, key) DO UPDATE SET operation = EXCLUDED.operation, kind = EXCLUDED.kind, status = EXCLUDED.status,
           content_type = EXCLUDED.content_type, body = EXCLUDED.body, body_encoding = EXCLUDED.body_encoding, code = EXCLUDED.code,
           message = EXCLUDED.message, param = EXCLUDED.param, bytes = EXCLUDED.bytes, stored_at = EXCLUDED.stored_at,
           expires_at = EXCLUDED.expires_at, last_used_at = EXCLUDED.last_used_at`,
      params:
        entry.kind === 'answer'
          ? [
              source,
              key,
              operation,
              'answer',
              200,
              entry.contentType,
              body,
              encoding,
              null,
              null,
              null,
              bytes,
              t,
              t + ttlSeconds * 1000,
            ]
          : [
              source,
              key,
              operation,
              'failure',
              entry.status,
              null,
              null,
              'identity',
              entry.code,
              entry.message,
              entry.param ?? null,
              0,
              t,
              t + ttlSeconds * 1000,
            ],
    }
  }

  return {
    /** The live entry under key, or undefined. */
    async get(key: string): Promise<Cached | undefined> {
      const remembered = recent.get(key)
      if (remembered) {
        if (live(remembered)) {
          touched.add(key)
          return remembered
        }
        recent.delete(key)
      }
      const entry = await find(db, key)
      if (entry) {
        recent.set(key, entry)
        touched.add(key)
      }
      return entry
    },

    /** This instance's memory only, never the database: an answer remembered since a look-up began. */
    peek(key: string): Cached | undefined {
      const remembered = live(recent.get(key))
      if (remembered) touched.add(key)
      return remembered
    },

    /** Reads the database only (inside a claim, after another instance may have stored it). */
    find,

    /** Remembers in this instance at once, so requests that follow are answered before the row is written. */
    remember(key: string, entry: NewEntry, ttlSeconds: number): void {
      if (ttlSeconds <= 0) return
      const storedAt = now()
      recent.set(key, { ...entry, storedAt, expiresAt: storedAt + ttlSeconds * 1000 } as Cached)
    },

    /** Writes the row in the caller's transaction (the one that settles the paid call); its bytes from encodeEntry. */
    async store(
      tx: Queryable,
      key: string,
      operation: string,
      stored: StoredEntry,
      ttlSeconds: number,
    ): Promise<void> {
      const statement = storeStatement(key, operation, stored, ttlSeconds)
      if (statement) await tx.query(statement.sql, statement.params)
    },

    storeStatement,

    /** Stores the row under fromKey again under toKey, in the caller's transaction: the body is not sent twice. */
    async copy(tx: Queryable, fromKey: string, toKey: string): Promise<void> {
      const [row] = await tx.query<{ bytes: unknown }>(
        `INSERT INTO cache_entries (source, key, operation, kind, status, content_type, body, body_encoding, code, message, param, bytes, stored_at, expires_at, last_used_at)
         SELECT source, $3, operation, kind, status, content_type, body, body_encoding, code, message, param, bytes, stored_at, expires_at, last_used_at
         FROM cache_entries WHERE source = $1 AND key = $2
         ON CONFLICT (source, key) DO UPDATE SET operation = EXCLUDED.operation, kind = EXCLUDED.kind, status = EXCLUDED.status,
           content_type = EXCLUDED.content_type, body = EXCLUDED.body, body_encoding = EXCLUDED.body_encoding, code = EXCLUDED.code,
           message = EXCLUDED.message, param = EXCLUDED.param, bytes = EXCLUDED.bytes, stored_at = EXCLUDED.stored_at,
           expires_at = EXCLUDED.expires_at, last_used_at = EXCLUDED.last_used_at
         RETURNING bytes`,
        [source, fromKey, toKey],
      )
      bytesSinceEviction += num(row?.bytes)
    },

    /** True when enough was written since the last eviction that the cap may be passed. */
    evictionDue: () => bytesSinceEviction > Math.max(64 * 1024, maxBytes / 50),

    /** Drops expired rows, then the least recently used ones past the cap. */
    async evict(): Promise<number> {
      bytesSinceEviction = 0
      const expired = await db.query<{ n: unknown }>(
        'WITH gone AS (DELETE FROM cache_entries WHERE expires_at <= $1 RETURNING 1) SELECT count(*) AS n FROM gone',
        [now()],
      )
      const over = await db.query<{ n: unknown }>(
        `WITH ranked AS (SELECT source, key, sum(bytes) OVER (ORDER BY last_used_at DESC, key) AS running FROM cache_entries),
              gone AS (DELETE FROM cache_entries c USING ranked r WHERE c.source = r.source AND c.key = r.key AND r.running > $1 RETURNING 1)
         SELECT count(*) AS n FROM gone`,
        [Math.floor(maxBytes)], // CACHE_MAX_MB may be a fraction (0.5): the statement compares whole bytes
      )
      return num(expired[0]?.n) + num(over[0]?.n)
    },

    /** Writes when remembered entries were last used (batched, so a hit writes nothing by itself). */
    async flushTouched(): Promise<void> {
      if (!touched.size) return
      const keys = [...touched]
      touched.clear()
      await db.query(
        'UPDATE cache_entries SET last_used_at = $1 WHERE source = $2 AND key = ANY($3::text[])',
        [now(), source, keys],
      )
    },

    /** Forgets the in-memory copies (tests: what another instance, or a restart, would see). */
    forgetMemory: () => recent.clear(),
  }
}
