import { describe, expect, it } from 'vitest'
import { Health } from '#contract/index.ts'
import { createApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import { fakeUpstream, json } from '../testing/fake-upstream.ts'
import type { StorageHealth } from '../db/money-tables-check.ts'

const noGateway = {
  call: () => Promise.reject(new Error('health pays for nothing')),
  quote: () => Promise.reject(new Error('health quotes nothing')),
}

async function healthOf(app: { request: (path: string) => Response | Promise<Response> }) {
  const res = await app.request('/api/health')
  expect(res.status).toBe(200)
  return Health.parse(await res.json())
}

describe('GET /api/health names the data source', () => {
  it('in demo mode: the simulator, invented data, no address', async () => {
    const app = createApp({ config: loadConfig({ DATA_DIR: ':memory:' }), gateway: noGateway, log: () => {} })
    const body = await healthOf(app)
    expect(body.mode).toBe('demo')
    expect(body.dataSource).toEqual({ kind: 'demo', name: 'demo simulator (invented data)', url: null })
  })

  it('in live mode: the service at its configured base URL', async () => {
    const { app } = fakeUpstream(() => json({}))
    const body = await healthOf(app)
    expect(body.mode).toBe('live')
    expect(body.dataSource).toEqual({ kind: 'live', name: 'Poix data service', url: 'https://api.poix.test' })
  })

  it('in live mode: another DATA_API_URL is named as configured, without a trailing slash', async () => {
    const config = loadConfig({ DATA_API_TOKEN: 'poix-x', DATA_API_URL: 'https://mirror.example.org/v2/' })
    const app = createApp({ config, gateway: noGateway, log: () => {} })
    expect((await healthOf(app)).dataSource).toEqual({
      kind: 'live',
      name: 'Poix data service',
      url: 'https://mirror.example.org/v2',
    })
  })
})

describe('GET /api/health says whether the function may pay', () => {
  it('ok while the money tables read whole; degraded with the table, the cause and the remedy once damaged', async () => {
    let storage: StorageHealth = { status: 'ok' }
    const config = loadConfig({ DATA_DIR: ':memory:' })
    const app = createApp({ config, gateway: noGateway, log: () => {}, storageHealth: () => storage })
    expect(await healthOf(app)).toMatchObject({ status: 'ok', storage: { status: 'ok' } })
    storage = { status: 'degraded', table: 'budget', reason: 'invalid page', remedy: 'Restore.', since: 1 }
    expect(await healthOf(app)).toMatchObject({
      status: 'degraded',
      storage: { status: 'degraded', table: 'budget', reason: 'invalid page', remedy: 'Restore.' },
    })
  })
})
