/** Runs a suite against each storage driver: memory, files in a fresh directory, and a real redis-server. */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll, beforeEach, describe, it } from 'vitest'
import { redisServerAvailable, startRedisServer, type RedisServer } from './redis-server.ts'

export type DriverKind = 'memory' | 'fs' | 'redis'

export type DriverUnderTest = {
  kind: DriverKind
  /** Environment that selects this driver's storage (the same storage for the whole test). */
  env(): Record<string, string>
  /** Runtimes to dispose after the test (Redis connections). */
  track<T extends { dispose(): Promise<void> }>(runtime: T): T
}

const IN_CI = process.env.CI === 'true' || process.env.CI === '1'
const REDIS_PRESENT = redisServerAvailable()

function driverUnderTest(kind: DriverKind): DriverUnderTest {
  let dir = ''
  let redis: RedisServer | undefined
  const runtimes: { dispose(): Promise<void> }[] = []
  if (kind === 'redis') {
    beforeAll(async () => {
      redis = await startRedisServer()
    })
    afterAll(async () => {
      await redis?.stop()
    })
    beforeEach(async () => {
      const admin = new Redis(redis!.url)
      await admin.flushall()
      await admin.quit()
    })
  }
  if (kind === 'fs') {
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'poix-spend-'))
    })
    afterEach(() => rmSync(dir, { recursive: true, force: true }))
  }
  afterEach(async () => {
    await Promise.all(runtimes.splice(0).map((r) => r.dispose()))
  })
  return {
    kind,
    env: (): Record<string, string> => (kind === 'memory' ? { CACHE_DIR: ':memory:' } : kind === 'fs' ? { CACHE_DIR: dir } : { REDIS_URL: redis!.url }),
    track: (runtime) => (runtimes.push(runtime), runtime),
  }
}

export function describeOnDrivers(title: string, kinds: DriverKind[], body: (driver: DriverUnderTest) => void): void {
  for (const kind of kinds) {
    if (kind === 'redis' && !REDIS_PRESENT) {
      if (IN_CI) {
        describe(`${title} [redis]`, () => {
          it('runs against a real redis-server', () => {
            throw new Error('redis-server is not installed, and CI must test the Redis driver: install it (apt-get install redis-server) or set REDIS_SERVER_BIN.')
          })
        })
      } else {
        describe.skip(`${title} [redis] — SKIPPED: redis-server is not installed here (in CI this fails)`, () => it('needs redis-server', () => undefined))
      }
      continue
    }
    describe(`${title} [${kind}]`, () => body(driverUnderTest(kind)))
  }
}
