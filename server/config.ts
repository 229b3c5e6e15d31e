/**
 * The server's environment → typed configuration, parsed once at start (zod). With config/dist-dir.ts, the only server code
 * that reads process.env (DATA_API_TOKEN included); it imports nothing of the server but config/, so every floor may import it.
 */
import { z } from 'zod'
import { parseCacheTtls, type CacheTtls } from './config/cache-ttl.ts'
import { DEFAULT_DIST_DIR } from './config/dist-dir.ts'

type Env = Record<string, string | undefined>

/** Live when a token is configured; demo (the embedded simulator) otherwise. */
export type UpstreamMode = 'demo' | 'live'

const optionalNumber = z
  .string()
  .trim()
  .optional()
  .transform((s) => (s ? Number(s) : undefined))
  .pipe(z.number().nonnegative().finite().optional())

const EnvSchema = z.object({
  DATA_API_URL: z.url().default('https://api.poix.io'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  BUDGET_USD: optionalNumber,
  DATA_DIR: z.string().min(1).optional(),
  /** The old name of DATA_DIR, still read. */
  CACHE_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(
      /^postgres(ql)?:\/\/\S+$/,
      'must be a Postgres connection URL such as postgres://user:password@host:5432/dbname',
    )
    .optional(),
  REDIS_URL: z
    .string()
    .trim()
    .optional()
    .refine(
      (s) => !s,
      'Redis is no longer used: the cache, ledger, budget, sessions and rate limits live in Postgres. Set DATABASE_URL to a Postgres server shared by every instance, and remove REDIS_URL',
    ),
  DB_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  CACHE_MAX_MB: z.coerce.number().positive().max(1_048_576).default(1024),
  UPSTREAM_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(32 * 1024 * 1024),
  PGLITE_TEMPLATE: z.string().min(1).optional(),
  BACKUP_KEEP: z.coerce
    .number({ error: 'must be a whole number of backups to keep (0 turns backups off)' })
    .int({ error: 'must be a whole number of backups to keep (0 turns backups off)' })
    .min(0, { error: 'must be 0 (backups off) or more' })
    .max(1000, { error: 'must be at most 1000' })
    .default(7),
  DASHBOARD_PASSWORD: z
    .string()
    .optional()
    .transform((s) => s || undefined),
  SESSION_SECRET: z
    .string()
    .optional()
    .transform((s) => s || undefined),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  // Instances beat every second: a few seconds without a beat is a dead one, not a slow one.
  INSTANCE_STALE_SECONDS: z.coerce
    .number()
    .int('must be a whole number of seconds')
    .min(2, 'must be at least 2 (instances beat every second)')
    .max(3600)
    .default(5),
  // One researcher's bulk job (500 videos × 4 formats + file lists = 2500 paid calls) never waits on it (decision 0129).
  PAID_CALLS_PER_MINUTE: z.coerce.number().int().positive().default(3000),
  SIMULATOR_FAULT_CONTROL: z
    .string()
    .optional()
    .transform((s) => s === '1' || s === 'true'),
  DIST_DIR: z.string().min(1).default(DEFAULT_DIST_DIR),
  CACHE_TTL_SECONDS: z
    .string()
    .optional()
    .transform((s, ctx) => {
      try {
        return parseCacheTtls(s)
      } catch (e) {
        ctx.addIssue({ code: 'custom', message: (e as Error).message.replace(/^CACHE_TTL_SECONDS:?\s*/, '') })
        return z.NEVER
      }
    }),
  TILE_URL: z
    .string()
    .trim()
    .regex(
      /^https?:\/\/[^/\s?#]+\//,
      'must be a tile URL template such as https://{s}.tile.example.org/{z}/{x}/{y}.png',
    )
    .optional(),
  VITE_TILE_URL: z
    .string()
    .trim()
    .regex(
      /^https?:\/\/[^/\s?#]+\//,
      'must be a tile URL template such as https://{s}.tile.example.org/{z}/{x}/{y}.png',
    )
    .optional(),
  PLAYER_ORIGIN: z
    .url({
      protocol: /^https?$/,
      error: 'must be an http(s) origin such as https://www.youtube-nocookie.com',
    })
    .optional(),
  VITE_PLAYER_ORIGIN: z
    .url({
      protocol: /^https?$/,
      error: 'must be an http(s) origin such as https://www.youtube-nocookie.com',
    })
    .optional(),
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .transform((s) => (!s || s === 'false' ? '0' : s === 'true' ? '1' : s))
    .pipe(
      z
        .string()
        .regex(
          /^\d{1,2}$/,
          'must be the number of proxies in front of the dashboard (0, 1, 2 …; true means 1)',
        )
        .transform(Number),
    ),
  SIGN_IN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().positive().default(5),
  CACHE_MEMORY_MB: z.coerce.number().positive().max(65_536).default(64),
  COLLECT_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(8),
  COLLECT_LEASE_MS: z.coerce.number().int().min(500).max(3_600_000).default(60_000),
  COLLECT_VECTOR_WORKER: z.enum(['on', 'off'], { message: 'must be on or off' }).default('on'),
})

export type Config = {
  mode: UpstreamMode
  /** The service's token (DATA_API_TOKEN, trimmed) in live mode; only the upstream client is handed it, and nothing logs it. */
  apiToken: string | undefined
  apiUrl: string
  host: string
  port: number
  budgetUsd: number | undefined
  /** Where the embedded database keeps its files (DATA_DIR, default .data), or ':memory:'. */
  dataDir: string
  /** A Postgres server shared by every instance; when set, the embedded database is not used. */
  databaseUrl: string | undefined
  /** 'demo' or 'live:<DATA_API_URL>': cache rows, ledger rows and budgets are kept apart by it. */
  source: string
  /** Longest a database statement may take before requests get 503 storage_unavailable. */
  dbTimeoutMs: number
  dbPoolSize: number
  /** Cap of the cache table's body bytes, in MB; least recently used answers are evicted past it. */
  cacheMaxMb: number
  /** The largest answer read from the service; larger ones are refused (502 upstream_too_large), never cached. */
  upstreamMaxBytes: number
  /** Tests: a dump of a migrated embedded database that ':memory:' starts from. */
  pgliteTemplate: string | undefined
  /** Backups of the embedded database kept in DATA_DIR/backups/, written at start and daily; 0: none written. */
  backupKeep: number
  dashboardPassword: string | undefined
  sessionSecret: string | undefined
  upstreamTimeoutMs: number
  /** Seconds without a heartbeat after which an instance counts as dead: its claims on paid calls end as interrupted. */
  instanceStaleSeconds: number
  paidCallsPerMinute: number
  /** Lets tests and e2e switch simulator faults through /api/__simulator (demo mode only). */
  simulatorFaultControl: boolean
  distDir: string
  version: string
  /** Seconds each operation's answers are cached (0: not cached); see config/cache-ttl.ts. */
  cacheTtlSeconds: CacheTtls
  /** Map tile URL template the SPA was built with (TILE_URL, else VITE_TILE_URL): its host is allowed in img-src. */
  tileUrl: string | undefined
  /** Origin of the embedded player (PLAYER_ORIGIN, else VITE_PLAYER_ORIGIN): allowed in script-src and frame-src. */
  playerOrigin: string | undefined
  /** Proxies in front of the dashboard (TRUST_PROXY): the client address is the X-Forwarded-For hop that many from the right; 0 trusts no header. */
  trustProxyHops: number
  /** Sign-in attempts a client may make per minute before 429. */
  signInAttemptsPerMinute: number
  /** Megabytes of recent paid answers kept in memory in front of the cache's storage (the whole cache in memory mode). */
  cacheMemoryMb: number
  /**
   * Tracks one instance collects at once (0: this instance runs no collect jobs); leases say how long a claim holds
   * unrenewed; on the embedded engine, whether a worker thread computes the cues' tsvectors (docs/decisions/0178).
   */
  collect: { concurrency: number; leaseMs: number; vectorWorker: boolean }
}

export const APP_VERSION = '0.1.0'

/** Throws an Error naming every wrong variable; never echoes a value (one may be a secret). */
export function loadConfig(env: Env = process.env): Config {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')))
  if (!parsed.success) {
    const names = parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join('; ')
    throw new Error(`Invalid server configuration: ${names}`)
  }
  const e = parsed.data
  const apiToken = env.DATA_API_TOKEN?.trim() || undefined
  const mode: UpstreamMode = apiToken ? 'live' : 'demo'
  return {
    mode,
    apiToken,
    apiUrl: e.DATA_API_URL.replace(/\/+$/, ''),
    host: e.HOST,
    port: e.PORT,
    budgetUsd: e.BUDGET_USD,
    dataDir: e.DATA_DIR ?? e.CACHE_DIR ?? '.data',
    databaseUrl: e.DATABASE_URL,
    source: mode === 'demo' ? 'demo' : `live:${e.DATA_API_URL.replace(/\/+$/, '')}`,
    dbTimeoutMs: e.DB_TIMEOUT_MS,
    dbPoolSize: e.DB_POOL_SIZE,
    cacheMaxMb: e.CACHE_MAX_MB,
    upstreamMaxBytes: e.UPSTREAM_MAX_BYTES,
    // A test run sets it once for every runtime its tests build (server/testing/pglite-template.ts).
    pgliteTemplate: e.PGLITE_TEMPLATE ?? process.env.PGLITE_TEMPLATE,
    backupKeep: e.BACKUP_KEEP,
    dashboardPassword: e.DASHBOARD_PASSWORD,
    sessionSecret: e.SESSION_SECRET,
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    instanceStaleSeconds: e.INSTANCE_STALE_SECONDS,
    paidCallsPerMinute: e.PAID_CALLS_PER_MINUTE,
    simulatorFaultControl: e.SIMULATOR_FAULT_CONTROL,
    distDir: e.DIST_DIR,
    version: APP_VERSION,
    cacheTtlSeconds: e.CACHE_TTL_SECONDS,
    tileUrl: e.TILE_URL ?? e.VITE_TILE_URL,
    playerOrigin: e.PLAYER_ORIGIN ?? e.VITE_PLAYER_ORIGIN,
    trustProxyHops: e.TRUST_PROXY,
    signInAttemptsPerMinute: e.SIGN_IN_ATTEMPTS_PER_MINUTE,
    cacheMemoryMb: e.CACHE_MEMORY_MB,
    collect: {
      concurrency: e.COLLECT_CONCURRENCY,
      leaseMs: e.COLLECT_LEASE_MS,
      vectorWorker: e.COLLECT_VECTOR_WORKER === 'on',
    },
  }
}
