import { describe, expect, it } from 'vitest'
import { jsonResponse, overrideRoute, stubApi } from './api-stub.ts'

describe('stubApi', () => {
  it('answers /api URLs in-process and lets one route fail', async () => {
    const base = () => jsonResponse({ ok: true })
    stubApi(
      overrideRoute(
        base,
        (u) => u.pathname === '/api/fail',
        () => jsonResponse({ error: { code: 'x', message: 'y' } }, 500),
      ),
    )
    expect(await (await fetch('/api/health')).json()).toEqual({ ok: true })
    expect((await fetch('/api/fail')).status).toBe(500)
  })
})
