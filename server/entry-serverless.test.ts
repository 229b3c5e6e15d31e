/** The serverless entry runs on a shared Postgres server only: without DATABASE_URL it refuses to start, saying why. */
import { afterEach, expect, it, vi } from 'vitest'
import { loadConfig } from './config.ts'
import { createServerlessRuntime } from './entry-serverless.ts'

afterEach(() => {
  vi.unstubAllEnvs()
  vi.resetModules()
})

const WHY =
  /^The serverless function needs DATABASE_URL .*a Postgres server every instance shares: without it each instance would keep the ledger on a disk that disappears with the instance, and a budget of its own, so together they could spend past BUDGET_USD\.$/

it('refuses to build the function without DATABASE_URL, saying why', () => {
  expect(() => createServerlessRuntime(loadConfig({ BUDGET_USD: '5' }))).toThrow(WHY)
})

it('the entry module itself refuses at import, before any request (no embedded database made in ./.data)', async () => {
  vi.stubEnv('DATABASE_URL', '')
  await expect(import('../api/index.ts')).rejects.toThrow(WHY)
})

it('with DATABASE_URL it runs on that server; one that refuses connections is named, and nothing is paid', async () => {
  const runtime = createServerlessRuntime(
    loadConfig({ DATABASE_URL: 'postgres://dash:s3cret@127.0.0.1:1/ledger', COLLECT_VECTOR_WORKER: 'off' }),
  )
  try {
    await expect(runtime.ready).rejects.toThrow(
      'DATABASE_URL (Postgres at 127.0.0.1:1/ledger) refused the connection (ECONNREFUSED): start that Postgres server, or correct the host and port in DATABASE_URL.',
    )
    const paid = await runtime.app.request(
      '/api/search?location=48.8566,2.3522&locationRadius=25km&type=video',
    )
    expect(paid.status).toBe(503)
    const body = await paid.text()
    expect(body).toContain('storage_unavailable')
    expect(body).toContain('refused the connection (ECONNREFUSED)')
    expect(body).not.toContain('s3cret')
  } finally {
    await runtime.dispose()
  }
})
