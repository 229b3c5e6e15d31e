/** The server's environment → typed configuration, parsed once at start (zod). The token is not here: see upstream/client.ts. */
import { z } from 'zod'
import { upstreamModeOf, type UpstreamMode } from './upstream/client.ts'

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
  }
}
