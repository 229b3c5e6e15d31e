/** Wires the function from its configuration: the upstream client (simulator in demo mode), the spend layer routes pay through, the guard. */
import type { Config } from './config.ts'
import { createApp, type AppDeps } from './app.ts'
import { createUpstreamClient } from './upstream/client.ts'
import { createSimulator } from './simulator/app.ts'
import { SIMULATOR_TOKEN } from './simulator/token.ts'
import { simulatorControlRoute } from './routes/simulator-control.ts'
import { sessionRoute } from './routes/session.ts'
import { spendRoute } from './routes/spend.ts'
import { createRateLimiter } from './security/rate-limiter.ts'
import { createSessions } from './security/session.ts'
import { createBudget } from './spend/budget.ts'
import { createLedger } from './spend/ledger.ts'
import { createSpendingGateway } from './spend/spending-gateway.ts'
import { createSpendStore, type SpendStore } from './spend/storage.ts'

export type RuntimeOptions = {
  config: Config
  env?: Record<string, string | undefined>
  /** Live-mode transport override (tests inject failing fetches). */
  fetch?: (req: Request) => Promise<Response>
  log?: (line: string) => void
  /** Clock for cache expiry, ledger times, sessions and rate-limit windows (tests move it). */
  now?: () => number
  /** Storage override; by default memory, files under CACHE_DIR, or Redis at REDIS_URL. */
  store?: SpendStore
}

export function createRuntime({ config, env = process.env, fetch, log, now = Date.now, store: given }: RuntimeOptions) {
  const print = log ?? ((line: string) => console.error(line))
  const simulator = config.mode === 'demo' ? createSimulator({ baseUrl: config.apiUrl }) : undefined
  const client = createUpstreamClient({
    env,
    baseUrl: config.apiUrl,
    timeoutMs: config.upstreamTimeoutMs,
    fetch,
    demo: simulator ? { fetch: (req) => simulator.fetch(req), token: SIMULATOR_TOKEN } : undefined,
  })
  const store = given ?? createSpendStore({ cacheDir: config.cacheDir, redisUrl: config.redisUrl, log: print })
  const ledger = createLedger(store, now)
  const budget = createBudget(store.atomic, config.budgetUsd)
  const paidCallLimiter = createRateLimiter({
    name: 'paid',
    limit: config.paidCallsPerMinute,
    atomic: store.atomic,
    now,
    message: (s) => `Too many paid requests: this dashboard allows ${config.paidCallsPerMinute} per minute per client (PAID_CALLS_PER_MINUTE). Retry in ${s} s; answers already cached are not limited.`,
  })
  const gateway = createSpendingGateway({ client, store, ledger, budget, ttl: config.cacheTtlSeconds, paidCallLimiter, now, log: print, cacheMemoryBytes: config.cacheMemoryMb * 1024 * 1024 })
  const sessions = createSessions(config, now)
  const signInAttempts = createRateLimiter({
    name: 'sign-in',
    limit: config.signInAttemptsPerMinute,
    atomic: store.atomic,
    now,
    message: (s) => `Too many sign-in attempts. Wait ${s} s before trying again.`,
  })
  const deps: AppDeps = {
    config,
    gateway,
    log,
    middleware: [sessions.guard()],
    routes: { '/spend': spendRoute({ ledger, budget, storage: store.kind }), '/session': sessionRoute(sessions, signInAttempts) },
  }
  if (simulator && config.simulatorFaultControl) deps.routes!['/__simulator'] = simulatorControlRoute(simulator)
  return { app: createApp(deps), simulator, client, gateway, store, ledger, budget, dispose: () => store.dispose() }
}
