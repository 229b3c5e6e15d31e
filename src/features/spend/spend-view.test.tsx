// @vitest-environment jsdom
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { ChannelPage, SearchPage } from '../../../contract/index.ts'
import { getJson } from '../../lib/api-client.ts'
import { createQueryClient } from '../../lib/query-client.ts'
import { inProcessApi, jsonResponse, overrideRoute, stubApi } from '../../testing/api-stub.ts'
import type { SpendViewState } from './model/spend-url.ts'
import { SpendView } from './spend-view.tsx'

const PARIS = { location: '48.8566,2.3522', locationRadius: '25km', type: 'video' }

function renderView(state: SpendViewState = { page: 1 }) {
  const onStateChange = vi.fn()
  render(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <SpendView state={state} onStateChange={onStateChange} />
    </QueryClientProvider>,
  )
  return { onStateChange }
}

beforeAll(async () => {
  // A paid search, the same search again (a cache hit), and a paid channel lookup.
  await getJson('/api/search', PARIS, SearchPage)
  await getJson('/api/search', PARIS, SearchPage)
  await getJson('/api/channels', { forHandle: '@rickastleyyt' }, ChannelPage)
})

describe('SpendView', () => {
  it('shows totals, the chart with its table, totals by operation and the ledger', async () => {
    renderView()
    expect(await screen.findByRole('heading', { name: 'Ledger' }, { timeout: 5000 })).toBeTruthy()
    const term = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent
    expect(term('Spent')).toBe('$0.00216')
    expect(term('Paid calls')).toBe('2')
    expect(term('Cache hits')).toBe('1')
    expect(term('Saved by the cache')).toBe('$0.00203')
    expect(screen.getByText(/No spending cap is set/)).toBeTruthy()

    const chart = screen.getByRole('img', { name: /Spend over time by operation/ })
    expect(chart.querySelectorAll('rect')).toHaveLength(2)
    const chartTable = screen.getByRole('table', { name: 'Spend per day by operation, in US dollars' })
    const today = new Date().toISOString().slice(0, 10)
    expect(within(chartTable).getByRole('row', { name: new RegExp(today) }).textContent).toContain('$0.00216')

    const byOperation = screen.getByRole('table', { name: 'Totals by operation' })
    expect(within(byOperation).getByRole('rowheader', { name: /Location search/ }).closest('tr')?.textContent).toContain('$0.00203')

    const ledger = screen.getByRole('table', { name: /Ledger entries 1 to 3 of 3/ })
    const rows = within(ledger).getAllByRole('row').slice(1)
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual(['Channels', 'Location search', 'Location search'])
    expect(rows[1]?.textContent).toContain('hit (free)')
    expect(rows[2]?.textContent).toContain('location=48.8566,2.3522 locationRadius=25km type=video')
  })

  it('filters by operation and cache through the URL state', async () => {
    const { onStateChange } = renderView({ page: 1, cache: 'HIT' })
    const ledger = await screen.findByRole('table', { name: /Ledger entries 1 to 1 of 1/ }, { timeout: 5000 })
    expect(within(ledger).getAllByRole('row')).toHaveLength(2)
    await userEvent.selectOptions(screen.getByLabelText('Operation'), 'GET /channels')
    expect(onStateChange).toHaveBeenCalledWith({ page: 1, cache: 'HIT', operation: 'GET /channels' })
  })

  it('exports the ledger as CSV with provenance, for free', async () => {
    const blobs: Blob[] = []
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:x'), revokeObjectURL: () => {} }))
    renderView()
    await screen.findByRole('heading', { name: 'Ledger' }, { timeout: 5000 })
    await userEvent.click(screen.getByRole('button', { name: 'CSV' }))
    expect(blobs).toHaveLength(1)
    const csv = await blobs[0]!.text()
    expect(csv).toContain('# title: Spend ledger of this dashboard (recent entries)')
    expect(csv).toContain('# costUsd: 0')
    const lines = csv.split('\r\n').filter((l) => l && !l.startsWith('#'))
    expect(lines[0]).toBe('id,time,operation,path,params,priceUsd,costUsd,savedUsd,cache,status,errorCode,bytes,joinedRequests')
    expect(lines).toHaveLength(4)
    expect(lines[3]).toMatch(/,GET \/search,\/search,"\{""location"":""48\.8566,2\.3522"",""locationRadius"":""25km"",""type"":""video""\}",0\.00203,0\.00203,0,MISS,200,,\d+,0$/)
  })

  it('says when the ledger cannot be loaded and offers a free retry', async () => {
    stubApi(overrideRoute(inProcessApi, (u) => u.pathname === '/api/spend', () => jsonResponse({ error: { code: 'internal_error', message: 'Storage is down.' } }, 500)))
    renderView()
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Could not load the spend ledger')
    expect(alert.textContent).toContain('Storage is down.')
    expect(within(alert).getByRole('button', { name: /Retry/ }).textContent).toContain('$0')
  })
})
