/** The server's environment → typed configuration, parsed once at start (zod). The token is not here: see upstream/client.ts. */
import { z } from 'zod'
import { upstreamModeOf, type UpstreamMode } from './upstream/client.ts'
import { parseCacheTtls, type CacheTtls } from './spend/cache-ttl.ts'

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
  CACHE_DIR: z.string().min(1).default('.data'),
  REDIS_URL: z.string().trim().optional().transform((s) => s || undefined),
  DASHBOARD_PASSWORD: z.string().optional().transform((s) => s || undefined),
  SESSION_SECRET: z.string().optional().transform((s) => s || undefined),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  PAID_CALLS_PER_MINUTE: z.coerce.number().int().positive().default(120),
  SIMULATOR_FAULT_CONTROL: z.string().optional().transform((s) => s === '1' || s === 'true'),
  DIST_DIR: z.string().min(1).default('dist'),
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
  TILE_URL: z.string().trim().regex(/^https?:\/\/[^/\s?#]+\//, 'must be a tile URL template such as https://{s}.tile.example.org/{z}/{x}/{y}.png').optional(),
  VITE_TILE_URL: z.string().trim().regex(/^https?:\/\/[^/\s?#]+\//, 'must be a tile URL template such as https://{s}.tile.example.org/{z}/{x}/{y}.png').optional(),
  PLAYER_ORIGIN: z.url({ protocol: /^https?$/, error: 'must be an http(s) origin such as https://www.youtube-nocookie.com' }).optional(),
  VITE_PLAYER_ORIGIN: z.url({ protocol: /^https?$/, error: 'must be an http(s) origin such as https://www.youtube-nocookie.com' }).optional(),
  TRUST_PROXY: z.string().optional().transform((s) => s === '1' || s === 'true'),
  SIGN_IN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().positive().default(5),
  CACHE_MEMORY_MB: z.coerce.number().positive().max(65_536).default(64),
})

export type Config = {
  mode: UpstreamMode
  apiUrl: string
  host: string
  port: number
  budgetUsd: number | undefined
  cacheDir: string
  redisUrl: string | undefined
  dashboardPassword: string | undefined
  sessionSecret: string | undefined
  upstreamTimeoutMs: number
  paidCallsPerMinute: number
  /** Lets tests and e2e switch simulator faults through /api/__simulator (demo mode only). */
  simulatorFaultControl: boolean
  distDir: string
  version: string
  /** Seconds each operation's answers are cached (0: not cached); see spend/cache-ttl.ts. */
  cacheTtlSeconds: CacheTtls
  /** Map tile URL template the SPA was built with (TILE_URL, else VITE_TILE_URL): its host is allowed in img-src. */
  tileUrl: string | undefined
  /** Origin of the embedded player (PLAYER_ORIGIN, else VITE_PLAYER_ORIGIN): allowed in script-src and frame-src. */
  playerOrigin: string | undefined
  /** Behind a reverse proxy: take the client address from X-Real-IP / X-Forwarded-For and the scheme from X-Forwarded-Proto. */
  trustProxy: boolean
  /** Sign-in attempts a client may make per minute before 429. */
  signInAttemptsPerMinute: number
  /** Megabytes of recent paid answers kept in memory in front of the cache's storage (the whole cache in memory mode). */
  cacheMemoryMb: number
}

export const APP_VERSION = '0.1.0'

/** Throws an Error naming every wrong variable; never echoes a value (one may be a secret). */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')))
  if (!parsed.success) {
    const names = parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join('; ')
    throw new Error(`Invalid server configuration: ${names}`)
  }
  const e = parsed.data
  return {
    mode: upstreamModeOf(env),
    apiUrl: e.DATA_API_URL.replace(/\/+$/, ''),
    host: e.HOST,
    port: e.PORT,
    budgetUsd: e.BUDGET_USD,
    cacheDir: e.CACHE_DIR,
    redisUrl: e.REDIS_URL,
    dashboardPassword: e.DASHBOARD_PASSWORD,
    sessionSecret: e.SESSION_SECRET,
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    paidCallsPerMinute: e.PAID_CALLS_PER_MINUTE,
    simulatorFaultControl: e.SIMULATOR_FAULT_CONTROL,
    distDir: e.DIST_DIR,
    version: APP_VERSION,
    cacheTtlSeconds: e.CACHE_TTL_SECONDS,
    tileUrl: e.TILE_URL ?? e.VITE_TILE_URL,
    playerOrigin: e.PLAYER_ORIGIN ?? e.VITE_PLAYER_ORIGIN,
    trustProxy: e.TRUST_PROXY,
    signInAttemptsPerMinute: e.SIGN_IN_ATTEMPTS_PER_MINUTE,
    cacheMemoryMb: e.CACHE_MEMORY_MB,
  }
}
