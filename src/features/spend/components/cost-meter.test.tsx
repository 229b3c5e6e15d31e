// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { SearchPage } from '#contract/index.ts'
import { getJson } from '#lib/api-client.ts'
import { createQueryClient } from '#lib/query-client.ts'
import { refreshAfterPayment } from '#lib/pricing/refresh-after-payment.ts'
import { inProcessApi, jsonResponse, overrideRoute, stubApi } from '#testing/api-stub.ts'
import { renderRoute } from '#testing/render-route.tsx'
import { spendQueries } from '../api/queries.ts'
import { CostMeter } from './cost-meter.tsx'

const PARIS = { location: '48.8566,2.3522', locationRadius: '25km', type: 'video' }

function renderMeter() {
  const client = createQueryClient({ retry: false })
  const stop = refreshAfterPayment(client, [spendQueries.all()], 0)
  renderRoute(<CostMeter />, { queryClient: client })
  const region = screen.getByRole('region', { name: 'Spending' })
  const value = (term: string) =>
    within(region).getByText(`${term}:`, { exact: false }).nextElementSibling?.textContent
  return { region, value, stop, client }
}

// The first in-process request builds the function and the simulator's dataset.
beforeAll(async () => {
  await fetch('/api/health')
})

describe('CostMeter', () => {
  it('moves when a search is paid and not when the same search is answered from the cache', async () => {
    const { region, value, stop } = renderMeter()
    expect(
      within(region)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toContain('This session: ')
    expect(value('This session')).toBe('$0')
    // The first report waits for the lazily loaded schema and the in-memory database: more than waitFor's default second.
    await waitFor(() => expect(value('All time')).toBe('$0'), { timeout: 5000 })

    await getJson('/api/search', PARIS, SearchPage)
    await waitFor(() => expect(value('All time')).toBe('$0.00203'))
    expect(value('This session')).toBe('$0.00203')
    expect(value('Saved by cache')).toBe('$0')
    expect(value('Session calls')).toBe('1 paid, 0 cached')

    await getJson('/api/search', PARIS, SearchPage)
    await waitFor(() => expect(value('Saved by cache')).toBe('$0.00203'))
    expect(value('All time')).toBe('$0.00203')
    expect(value('This session')).toBe('$0.00203')
    expect(value('Session calls')).toBe('1 paid, 1 cached')
    // No budget configured: nothing claims one.
    expect(within(region).queryByText('Budget left:', { exact: false })).toBeNull()
    stop()
  })

  it('shows the budget left when the deployment is capped', async () => {
    stubApi(
      overrideRoute(
        inProcessApi,
        (u) => u.pathname === '/api/spend',
        () =>
          jsonResponse({
            totals: { spentUsd: 0.95, paidCalls: 468, cacheHits: 12, savedUsd: 0.02436, failedCalls: 0 },
            byOperation: [],
            byDay: [],
            recent: [],
            budget: { capUsd: 1, spentUsd: 0.95, leftUsd: 0.05 },
          }),
      ),
    )
    const { value, stop } = renderMeter()
    await waitFor(() => expect(value('Budget left')).toBe('$0.05000 of $1.00'))
    expect(screen.getByTestId('budget-left').className).toContain('text-amber-300')
    expect(value('All time')).toBe('$0.95')
    stop()
  })

  it('still shows this session when the ledger cannot be read', async () => {
    stubApi(
      overrideRoute(
        inProcessApi,
        (u) => u.pathname === '/api/spend',
        () => jsonResponse({ error: { code: 'unauthorized', message: 'Sign in first.' } }, 401),
      ),
    )
    const { region, value, stop, client } = renderMeter()
    expect(value('This session')).toMatch(/^\$/)
    // The refusal has arrived (the query settled in error), so the absence below is the meter's answer, not a race.
    await waitFor(() => expect(client.getQueryState(spendQueries.totals().queryKey)?.status).toBe('error'), {
      timeout: 5000,
    })
    expect(value('This session')).toMatch(/^\$/)
    expect(within(region).queryByText('All time:', { exact: false })).toBeNull()
    stop()
  })

  it('says each payment as it happens in a live line: what, how much, cached and free', async () => {
    const { stop } = renderMeter()
    const line = screen.getByRole('status', { name: 'Latest payment' })
    expect(line.textContent).toBe('')
    const TOKYO = { location: '35.6762,139.6503', locationRadius: '7km', type: 'video' }
    await getJson('/api/search', TOKYO, SearchPage)
    await waitFor(() =>
      expect(line.textContent).toBe('Paid $0.00203 for location search at 35.6762,139.6503, 7km'),
    )
    // A quote is free bookkeeping, not a payment: the line stays.
    await fetch('/api/quote?path=' + encodeURIComponent('/api/popularVideos'))
    await getJson('/api/search', TOKYO, SearchPage)
    await waitFor(() =>
      expect(line.textContent).toBe('Cached, free: location search at 35.6762,139.6503, 7km'),
    )
    stop()
  })
})
