// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { inProcessApi, jsonResponse, overrideRoute, stubApi } from '#testing/api-stub.ts'
import { renderRoute } from '#testing/render-route.tsx'
import { StorageDamagedBanner } from './storage-damaged-banner.tsx'

const isHealth = (u: URL) => u.pathname === '/api/health'

describe('StorageDamagedBanner', () => {
  it('says paid requests are off, naming the damaged table, the cause and the remedy', async () => {
    stubApi(
      overrideRoute(inProcessApi, isHealth, () =>
        jsonResponse({
          status: 'degraded',
          storage: {
            status: 'degraded',
            table: 'ledger',
            reason: 'invalid page in block 1',
            remedy: 'Stop the dashboard and restore the last backup.',
          },
          mode: 'demo',
          version: '1',
        }),
      ),
    )
    renderRoute(<StorageDamagedBanner />)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe(
      "Paid requests are off: the dashboard's ledger table is damaged (invalid page in block 1). Stop the dashboard and restore the last backup. Answers already cached are still shown.",
    )
  })

  it('says nothing while the tables are healthy', async () => {
    stubApi(
      overrideRoute(inProcessApi, isHealth, () =>
        jsonResponse({ status: 'ok', storage: { status: 'ok' }, mode: 'demo', version: '1' }),
      ),
    )
    const { queryClient } = renderRoute(<StorageDamagedBanner />)
    await new Promise((r) => setTimeout(r, 50))
    await queryClient.refetchQueries()
    expect(queryClient.getQueryData(['health', 'status'])).toMatchObject({ status: 'ok' })
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
