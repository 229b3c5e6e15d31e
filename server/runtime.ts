/** Wires the function from its configuration: the database, the upstream client (simulator in demo mode), the spend layer routes pay through, the guard. */
import { randomUUID } from 'node:crypto'
import type { Config } from './config.ts'
import { createApp, type AppDeps } from './app.ts'
import type { Database } from './db/database.ts'
import { lazyDatabase } from './db/lazy-database.ts'
import { MEMORY } from './db/pglite-engine.ts'
import { describeDatabase, openDatabase, type DatabaseSettings } from './db/open-database.ts'
import { scheduleBackups, type BackupSchedule } from './db/backups.ts'
import { createUpstreamClient } from './upstream/client.ts'
import { createSimulator } from '#simulator/app.ts'
import { SIMULATOR_TOKEN } from '#simulator/token.ts'
import { simulatorControlRoute } from './routes/simulator-control.ts'
import { sessionRoute } from './routes/session.ts'
import { spendRoute } from './routes/spend.ts'
import { captionDefaultLanguagesRoute } from './routes/caption-default-languages.ts'
import { createRateLimiter } from './security/rate-limiter.ts'
import { createSessions } from './security/session.ts'
import { createBudget } from './spend/budget.ts'
import { createCaptionDefaults } from './spend/caption-default-language.ts'
import { createHitTallies } from './spend/hit-tallies.ts'
import { createLedger } from './spend/ledger.ts'
import { createResponseCache } from './spend/response-cache.ts'
import { createHeartbeat } from './spend/heartbeat.ts'
import { createMoneyTablesGuard } from './spend/money-tables-guard.ts'
import { createSpendingGateway } from './spend/spending-gateway.ts'
import { collectionsRoute } from './collections/routes.ts'
import { startJobRunner } from './collections/job-runner.ts'
import { sweepCuesAhead } from './collections/store-track.ts'
import { vectorCheck } from './collections/cue-vectors/cue-vector-check.ts'
import { cueVectorWorker } from './collections/cue-vectors/cue-vector-worker.ts'
import { createWorkQueue } from './collections/work-queue.ts'

export type RuntimeOptions = {
  config: Config
  /** Live-mode transport override (tests inject failing fetches). */
  fetch?: (req: Request) => Promise<Response>
  log?: (line: string) => void
  /** Clock for cache expiry, ledger times, sessions and rate-limit windows (tests move it). */
  now?: () => number
  /** An engine already open (tests share one); by default the configured one is opened and migrated. */
  db?: Database
}

/** The embedded simulator serves at its root: a DATA_API_URL with a path (…/v1) must not make demo mode answer 404. */
function atRoot(req: Request, apiUrl: string): Request {
  const prefix = new URL(apiUrl).pathname.replace(/\/+$/, '')
  const url = new URL(req.url)
  if (!prefix || !url.pathname.startsWith(`${prefix}/`)) return req
  url.pathname = url.pathname.slice(prefix.length)
  return new Request(url, req)
}

/** Batched bookkeeping (hit tallies, last-used times, retried settlements) is written this often. */
const FLUSH_EVERY_MS = 1000

/**
 * The embedded database a runtime opened on disk is backed up at start and daily (docs/backups.md); never while its
 * money tables are damaged, so damaged copies do not push the good ones out.
 */
function backupsOf(
  db: Database,
  config: Config,
  log: (line: string) => void,
  now: () => number,
  healthy: () => boolean,
) {
  if (!db.snapshot || config.dataDir === MEMORY || config.backupKeep === 0) return undefined
  return scheduleBackups({ db, dataDir: config.dataDir, keep: config.backupKeep, log, now, healthy })
}

const moneyTablesOf = (config: Config, db: Database, now: () => number, log: (line: string) => void) =>
  createMoneyTablesGuard({
    db,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
    now,
    log,
    // A database held in memory has no files to damage (and tests open hundreds of them).
    checkTables: !config.databaseUrl && config.dataDir === MEMORY ? async () => ({ ok: true }) : undefined,
  })

/** Paid calls per client (cache misses only) and sign-in attempts per client, per minute. */
function rateLimiters(config: Config, db: Database, now: () => number) {
  return {
    paidCallLimiter: createRateLimiter({
      name: 'paid',
      limit: config.paidCallsPerMinute,
      db,
      now,
      message: (s) =>
        `Too many paid requests: this dashboard allows ${config.paidCallsPerMinute} per minute per client (PAID_CALLS_PER_MINUTE). Retry in ${s} s; answers already cached are not limited.`,
    }),
    signInAttempts: createRateLimiter({
      name: 'sign-in',
      limit: config.signInAttemptsPerMinute,
      db,
      now,
      message: (s) => `Too many sign-in attempts. Wait ${s} s before trying again.`,
    }),
  }
}

/** The service's client: the embedded simulator in demo mode, the service at DATA_API_URL otherwise. */
function upstreamOf(config: Config, now: () => number, fetch: RuntimeOptions['fetch']) {
  const simulator = config.mode === 'demo' ? createSimulator({ baseUrl: config.apiUrl }) : undefined
  const client = createUpstreamClient({
    token: config.apiToken,
    baseUrl: config.apiUrl,
    timeoutMs: config.upstreamTimeoutMs,
    maxBytes: config.upstreamMaxBytes,
    now,
    fetch,
    demo: simulator
      ? { fetch: (req) => simulator.fetch(atRoot(req, config.apiUrl)), token: SIMULATOR_TOKEN }
      : undefined,
  })
  return { simulator, client }
}

const databaseSettings = (config: Config): DatabaseSettings => ({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  timeoutMs: config.dbTimeoutMs,
  poolSize: config.dbPoolSize,
  pgliteTemplate: config.pgliteTemplate,
})

export function createRuntime({ config, fetch, log, now = Date.now, db: given }: RuntimeOptions) {
  const print = log ?? ((line: string) => console.error(line))
  let disposed: Promise<void> | undefined
  const { simulator, client } = upstreamOf(config, now, fetch)
  const settings = databaseSettings(config)
  const db = lazyDatabase(
    (given ? Promise.resolve(given) : openDatabase(settings, print)).then(async (opened) => {
      // Money tables that cannot be read whole stop all spending; nothing more is written to them at start.
      const health = await moneyTables.check(opened).catch((e: unknown) => {
        print(
          `[storage] the money tables could not be checked at start (${e instanceof Error ? e.message : String(e)}): checked again before the first paid call`,
        )
        return moneyTables.health()
      })
      if (health.status === 'degraded') return opened
      // The embedded engine belongs to this one process: claims a crashed run left end now, as interrupted.
      if (opened.kind === 'pglite' && !given) {
        await ledgerOf(opened).endOrphanedClaims()
        await createWorkQueue({ db: opened, source, now, leaseMs: 0 }).endOrphanedClaims()
        await sweepCuesAhead(opened, Number.MAX_SAFE_INTEGER)
      }
      // Beating before the first claim: no other instance may take this one's claims for a dead one's.
      await heartbeat.start(opened)
      const healthy = () => moneyTables.health().status !== 'degraded'
      if (!given && !disposed) backups = backupsOf(opened, config, print, now, healthy)
      // Rows that expired while no one wrote (eviction otherwise runs as answers are stored) go at start.
      void Promise.all([cache.evict(), captionDefaults.evict()]).catch((e: unknown) =>
        print(`[spend] cache eviction at start failed: ${e instanceof Error ? e.message : String(e)}`),
      )
      return opened
    }),
    () => moneyTables.noteStorageError(),
  )
  const moneyTables = moneyTablesOf(config, db, now, print)
  const { source } = config
  let backups: BackupSchedule | undefined
  /** This process's claims carry this id; its heartbeat row says it is alive. */
  const instance = randomUUID()
  const ledgerOf = (on: Database) => createLedger({ db: on, source, instance, now })
  const ledger = ledgerOf(db)
  const staleMs = config.instanceStaleSeconds * 1000
  const heartbeat = createHeartbeat({
    db,
    instance,
    staleMs,
    // Once this instance may judge, what instances that died before it started left in flight ends.
    onJudging: () => ledger.endDeadClaims(staleMs),
    log: print,
  })
  const budget = createBudget({ db, source, capUsd: config.budgetUsd })
  const cache = createResponseCache({
    db,
    source,
    now,
    memoryBytes: config.cacheMemoryMb * 1024 * 1024,
    maxBytes: config.cacheMaxMb * 1024 * 1024,
  })
  const hits = createHitTallies({ db, source, now })
  const captionDefaults = createCaptionDefaults({
    db,
    source,
    now,
    ttlSeconds: config.cacheTtlSeconds['GET /captions/{videoId}'],
  })
  const { paidCallLimiter, signInAttempts } = rateLimiters(config, db, now)
  const gateway = createSpendingGateway({
    client,
    db,
    cache,
    ledger,
    budget,
    hits,
    captionDefaults,
    ttl: config.cacheTtlSeconds,
    paidCallLimiter,
    leaseMs: config.upstreamTimeoutMs + 10_000,
    moneyTables,
    liveness: heartbeat,
    now,
    log: print,
  })
  const flush = () => gateway.flush()
  const timer = setInterval(
    () =>
      void flush().catch((e: unknown) =>
        print(`[spend] batched bookkeeping not written yet: ${e instanceof Error ? e.message : String(e)}`),
      ),
    FLUSH_EVERY_MS,
  )
  timer.unref()
  // On the embedded engine the cues' tsvectors are computed on a worker thread: a Postgres server has its own process.
  const cueVectors =
    config.collect.vectorWorker && !config.databaseUrl
      ? cueVectorWorker({ check: vectorCheck(db), log: print, dataDir: config.dataDir })
      : undefined
  // Every instance runs collect jobs: work rows with leases let several share one Postgres (docs/decisions/0140).
  const collectRunner = startJobRunner({
    db,
    gateway,
    source,
    now,
    concurrency: config.collect.concurrency,
    leaseMs: config.collect.leaseMs,
    log: print,
    cueVectors,
  })
  const sessions = createSessions(config, db, now)
  const storage = describeDatabase(settings)
  const deps: AppDeps = {
    config,
    gateway,
    log,
    middleware: [sessions.guard()],
    storageHealth: moneyTables.health,
    routes: {
      '/spend': spendRoute({ db, ledger, budget, flush, storage, source }),
      '/session': sessionRoute(sessions, signInAttempts),
      '/caption-default-languages': captionDefaultLanguagesRoute({ db, source, now, cache, captionDefaults }),
      '/collections': collectionsRoute({ db, source, now, wake: collectRunner.wake }),
    },
  }
  if (simulator && config.simulatorFaultControl)
    deps.routes!['/__simulator'] = simulatorControlRoute(simulator)
  return {
    app: createApp(deps),
    simulator,
    client,
    gateway,
    db,
    /** Resolves once the database is open and migrated; rejects with the reason it could not be. */
    ready: db.ready.then(() => undefined),
    storage,
    ledger,
    budget,
    cache,
    captionDefaults,
    flush,
    collectRunner,
    heartbeat,
    /** Writes what is batched, then closes the database; the data stays. */
    dispose: () =>
      (disposed ??= (async () => {
        clearInterval(timer)
        await backups?.stop()
        await collectRunner.stop()
        await cueVectors?.close()
        await flush().catch((e: unknown) =>
          print(
            `[spend] batched bookkeeping lost at shutdown: ${e instanceof Error ? e.message : String(e)}`,
          ),
        )
        await heartbeat.stop()
        if (!given) await db.close()
      })()),
  }
}
