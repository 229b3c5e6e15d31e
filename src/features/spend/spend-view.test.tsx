// @vitest-environment jsdom
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ChannelPage, SearchPage } from '#contract/index.ts'
import { getJson } from '#lib/api-client.ts'
import { inProcessApi, jsonResponse, overrideRoute, stubApi } from '#testing/api-stub.ts'
import { renderRoute } from '#testing/render-route.tsx'
import { readStrictCsvBytes } from '#test-readers/strict-csv.ts'
import type { SpendViewState } from './lib/spend-url.ts'
import { SpendView } from './spend-view.tsx'

const PARIS = { location: '48.8566,2.3522', locationRadius: '25km', type: 'video' }

function renderView(state: SpendViewState = { page: 1 }) {
  const onStateChange = vi.fn()
  renderRoute(<SpendView state={state} onStateChange={onStateChange} />)
  return { onStateChange }
}

const term = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent
const ledgerRows = (ledger: HTMLElement) => within(ledger).getAllByRole('row').slice(1)
const cells = (row: HTMLElement | undefined) =>
  row
    ? within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent)
    : []

/** Collects what the export menu hands to the browser. */
function captureDownloads(): Blob[] {
  const blobs: Blob[] = []
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (b: Blob) => (blobs.push(b), 'blob:x'),
      revokeObjectURL: () => {},
    }),
  )
  return blobs
}

const zero = {
  spentUsd: 0,
  paidCalls: 0,
  cacheHits: 0,
  savedUsd: 0,
  failedCalls: 0,
  pendingCalls: 0,
  pendingUsd: 0,
}
const row = (id: string, over: Record<string, unknown>) => ({
  id,
  at: '2026-11-22T10:00:00.000Z',
  operation: 'GET /search',
  path: '/search',
  params: { type: 'video', location: '48.8566,2.3522', locationRadius: '5km' },
  priceUsd: 0.00203,
  costUsd: 0.00203,
  savedUsd: 0,
  cache: 'MISS',
  state: 'charged',
  status: 200,
  bytes: 2048,
  ...over,
})

/** A live deployment after a demo trial: one call still pending (its price reserved), demo spend kept apart. */
const LIVE_WITH_PENDING = {
  storage: 'Postgres server at db.example.org:5432/poix',
  source: { kind: 'live', label: 'https://api.example.org' },
  totals: {
    spentUsd: 0.00609,
    paidCalls: 3,
    cacheHits: 4,
    savedUsd: 0.00812,
    failedCalls: 2,
    pendingCalls: 1,
    pendingUsd: 0.00203,
  },
  byOperation: [
    {
      operation: 'GET /search',
      spentUsd: 0.00609,
      paidCalls: 3,
      cacheHits: 4,
      savedUsd: 0.00812,
      failedCalls: 2,
      pendingCalls: 1,
      pendingUsd: 0.00203,
    },
  ],
  byDay: [],
  bySource: [
    {
      source: 'demo',
      kind: 'demo',
      label: 'demo simulator (invented data)',
      ...zero,
      spentUsd: 0.5,
      paidCalls: 246,
      cacheHits: 17,
      savedUsd: 0.03451,
    },
    {
      source: 'live:https://api.example.org',
      kind: 'live',
      label: 'https://api.example.org',
      spentUsd: 0.00609,
      paidCalls: 3,
      cacheHits: 4,
      savedUsd: 0.00812,
      failedCalls: 2,
      pendingCalls: 1,
      pendingUsd: 0.00203,
    },
  ],
  recent: [
    row('5', { costUsd: 0, state: 'pending', status: 0, bytes: 0 }),
    row('4', { joined: 2, savedUsd: 0.00406 }),
    row('3', { state: 'charged failure', status: 404, code: 'not_found', bytes: 0 }),
    row('2', { costUsd: 0, state: 'free failure', status: 502, code: 'upstream_unavailable', bytes: 0 }),
    row('1', {}),
  ],
  budget: { capUsd: 1, spentUsd: 0.00812, leftUsd: 0.99188 },
}

beforeAll(async () => {
  // A paid search, the same search again (a free cache hit: counted, not listed), and a paid channel lookup.
  await getJson('/api/search', PARIS, SearchPage)
  await getJson('/api/search', PARIS, SearchPage)
  await getJson('/api/channels', { forHandle: '@rickastleyyt' }, ChannelPage)
})

describe('SpendView', () => {
  it('shows the demo totals with their source, the chart with its table, totals by operation and the paid calls', async () => {
    renderView()
    expect(await screen.findByRole('heading', { name: 'Ledger' }, { timeout: 5000 })).toBeTruthy()
    expect(screen.getByText('Demo simulator — invented data, never counted against the budget')).toBeTruthy()
    expect(screen.getByText(/^Ledger kept in embedded Postgres \(PGlite\)/)).toBeTruthy()
    expect(term('Spent')).toBe('$0.00216')
    expect(term('Paid calls')).toBe('2')
    expect(term('Cache hits')).toBe('1')
    expect(term('Saved by the cache')).toBe('$0.00203')
    // Nothing is pending, and the demo is the only source: neither gets a place on the page.
    expect(screen.queryByText('Pending', { selector: 'dt' })).toBeNull()
    expect(screen.queryByRole('heading', { name: 'Spend by data source' })).toBeNull()
    expect(screen.getByText(/demo simulator's charges are invented and never capped/)).toBeTruthy()

    const chart = screen.getByRole('img', { name: /Spend over time by operation/ })
    expect(chart.querySelectorAll('rect')).toHaveLength(2)
    const chartTable = screen.getByRole('table', { name: 'Spend per day by operation, in US dollars' })
    const today = new Date().toISOString().slice(0, 10)
    expect(within(chartTable).getByRole('row', { name: new RegExp(today) }).textContent).toContain('$0.00216')

    // The cache hit is counted by operation: spent, paid calls, cache hits, saved, failed.
    const byOperation = screen.getByRole('table', { name: 'Totals by operation' })
    expect(
      cells(
        within(byOperation)
          .getByRole('rowheader', { name: /Location search/ })
          .closest('tr') ?? undefined,
      ),
    ).toEqual(['$0.00203', '1', '1', '$0.00203', '0'])

    // The repeat is not a row: one paid call per operation, each charged.
    const ledger = screen.getByRole('table', { name: /Ledger entries 1 to 2 of 2/ })
    const rows = ledgerRows(ledger)
    expect(
      within(ledger)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Time (UTC)', 'Operation', 'Parameters', 'Price', 'Cost', 'State', 'Status', 'Size'])
    expect(rows.map((r) => cells(r)[1])).toEqual(['Channels', 'Location search'])
    expect(rows.map((r) => cells(r)[5])).toEqual(['charged', 'charged'])
    expect(cells(rows[1])[2]).toBe('location=48.8566,2.3522 locationRadius=25km type=video')
    expect(cells(rows[1])[4]).toBe('$0.00203')
  })

  it('filters by state and operation through the URL state', async () => {
    const { onStateChange } = renderView({ page: 1, state: 'failed' })
    expect(
      await screen.findByText('No paid calls match these filters.', undefined, { timeout: 5000 }),
    ).toBeTruthy()
    const stateFilter = screen.getByRole('combobox', { name: 'State' })
    expect((stateFilter as HTMLSelectElement).value).toBe('failed')
    expect(
      within(stateFilter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'All states',
      'Charged',
      'Pending (outcome unknown)',
      'Interrupted (may have been charged)',
      'Failed (charged or not)',
    ])
    await userEvent.selectOptions(stateFilter, 'Pending (outcome unknown)')
    expect(onStateChange).toHaveBeenLastCalledWith({ page: 1, state: 'pending' })
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Operation' }), 'GET /channels')
    expect(onStateChange).toHaveBeenLastCalledWith({ page: 1, state: 'failed', operation: 'GET /channels' })
  })

  it('keeps the charged calls of one operation', async () => {
    renderView({ page: 1, state: 'charged', operation: 'GET /channels' })
    const ledger = await screen.findByRole('table', { name: /Ledger entries 1 to 1 of 1/ }, { timeout: 5000 })
    expect(cells(ledgerRows(ledger)[0]).slice(1, 2)).toEqual(['Channels'])
  })

  it('exports the paid calls as CSV with their state, naming the demo simulator, for free', async () => {
    const blobs = captureDownloads()
    renderView()
    await screen.findByRole('heading', { name: 'Ledger' }, { timeout: 5000 })
    await userEvent.click(screen.getByRole('button', { name: 'CSV' }))
    // The CSV writer loads when an export is asked for; the provenance comes beside the CSV.
    await vi.waitFor(() => expect(blobs).toHaveLength(2))
    const provenance = JSON.parse(await blobs[1]!.text()) as Record<string, unknown>
    expect(provenance).toMatchObject({
      title:
        'Spend ledger of this dashboard — demo simulator (invented data, never counted against the budget) — paid calls, recent entries',
      ledger: expect.stringMatching(/^This dashboard's spend ledger for the demo simulator/),
      source: 'demo simulator (invented data)',
      costUsd: 0,
    })
    const csv = readStrictCsvBytes(new Uint8Array(await blobs[0]!.arrayBuffer()))
    expect(csv.header.join(',')).toBe(
      'id,time,operation,path,params,priceUsd,costUsd,savedUsd,state,status,errorCode,bytes,joinedRequests',
    )
    expect(csv.records).toHaveLength(2)
    expect(csv.records[1]).toMatchObject({
      operation: 'GET /search',
      params: '{"location":"48.8566,2.3522","locationRadius":"25km","type":"video"}',
      priceUsd: '0.00203',
      costUsd: '0.00203',
      state: 'charged',
      status: '200',
    })
  })

  it('shows a live source with a pending call, its reserved price, and demo spend apart', async () => {
    stubApi(
      overrideRoute(
        inProcessApi,
        (u) => u.pathname === '/api/spend',
        () => jsonResponse(LIVE_WITH_PENDING),
      ),
    )
    const blobs = captureDownloads()
    renderView()
    await screen.findByRole('heading', { name: 'Ledger' }, { timeout: 5000 })
    expect(screen.getByText('Live service at https://api.example.org', { selector: 'strong' })).toBeTruthy()
    expect(screen.getByText('Ledger kept in Postgres server at db.example.org:5432/poix.')).toBeTruthy()
    expect(term('Pending')).toBe('1 call')
    expect(screen.getByText('$0.00203 reserved', { selector: 'dd' })).toBeTruthy()
    expect(
      screen.getByText(
        /A pending call was recorded before it left for the service and its outcome is not known yet/,
      ).textContent,
    ).toContain('its price is reserved against the budget and is not included in Spent.')
    expect(screen.getByText(/spent or reserved/).textContent).toContain('$0.00812 of $1.00 spent or reserved')
    expect(screen.getByText('Of which $0.00203 is reserved for pending or interrupted calls.')).toBeTruthy()

    const bySource = screen.getByRole('table', { name: 'Spend by data source' })
    expect(screen.getByRole('heading', { name: 'Spend by data source' })).toBeTruthy()
    const [demo, live] = within(bySource).getAllByRole('row').slice(1)
    expect(within(demo!).getByRole('rowheader').textContent).toBe('Demo simulator (invented data)')
    expect(cells(demo)).toEqual(['$0.50', '246', '17', '$0.03451', '0', '0', 'no (invented data)'])
    expect(within(live!).getByRole('rowheader').textContent).toBe(
      'Live service at https://api.example.org (the figures above)',
    )
    expect(cells(live)).toEqual(['$0.00609', '3', '4', '$0.00812', '2', '1 ($0.00203 reserved)', 'yes'])

    const byOperation = screen.getByRole('table', { name: 'Totals by operation' })
    expect(within(byOperation).getAllByRole('columnheader').at(-1)?.textContent).toBe('Pending')

    const ledger = screen.getByRole('table', { name: /Ledger entries 1 to 5 of 5/ })
    expect(ledgerRows(ledger).map((r) => cells(r).slice(4))).toEqual([
      ['$0.00203 reserved', 'pending — outcome unknown, price reserved', '—', '—'],
      ['$0.00203', 'charged, shared by 3 requests', '200', '2 kB'],
      ['$0.00203', 'charged (failed)', '404 not_found', '0 B'],
      ['$0', 'not charged (failed)', '502 upstream_unavailable', '0 B'],
      ['$0.00203', 'charged', '200', '2 kB'],
    ])

    await userEvent.click(screen.getByRole('button', { name: 'CSV' }))
    await vi.waitFor(() => expect(blobs).toHaveLength(2))
    expect(JSON.parse(await blobs[1]!.text())).toMatchObject({
      title:
        'Spend ledger of this dashboard — live service at https://api.example.org — paid calls, recent entries',
    })
    const csv = await blobs[0]!.text()
    expect(csv.split('\r\n').find((l) => l.startsWith('5,'))).toMatch(/,0\.00203,0,0,pending,0,,0,0$/)
  })

  it('lists interrupted calls with what they may have cost; each is reconciled from the keyboard, after a confirmation', async () => {
    const interrupted = row('7', {
      costUsd: 0,
      state: 'interrupted',
      status: 0,
      bytes: 0,
      note: 'the server stopped while this call was in flight; it may have been charged',
    })
    const sent: { url: string; body: unknown }[] = []
    let reconciled = false
    stubApi(
      overrideRoute(
        overrideRoute(
          inProcessApi,
          (u) => u.pathname === '/api/spend',
          () =>
            jsonResponse({
              ...LIVE_WITH_PENDING,
              totals: {
                ...LIVE_WITH_PENDING.totals,
                interruptedCalls: 1,
                interruptedUsd: reconciled ? 0 : 0.00203,
              },
              recent: [interrupted, ...LIVE_WITH_PENDING.recent],
              interrupted: reconciled ? [] : [interrupted],
            }),
        ),
        (u) => u.pathname.startsWith('/api/spend/interrupted/'),
        async (req) => {
          sent.push({ url: new URL(req.url).pathname, body: await req.json() })
          reconciled = true
          return jsonResponse({ id: '7', reconciled: 'not charged' })
        },
      ),
    )
    renderView()
    const section = await screen.findByRole('region', { name: 'Interrupted' }, { timeout: 5000 })
    expect(section.textContent).toContain('may have cost $0.00203')
    expect(section.textContent).toContain('the server stopped while this call was in flight')
    expect(section.textContent).toContain('$0.00203 stays reserved against the budget')
    expect(screen.getByText('Of which $0.00406 is reserved for pending or interrupted calls.')).toBeTruthy()

    // Keyboard only: to the button, Enter, a confirmation that says what it does, focus on it; Cancel sends nothing.
    const notCharged = within(section).getByRole('button', {
      name: 'Mark call 7 (GET /search /search) as not charged',
    })
    expect(
      within(section).getByRole('button', { name: 'Mark call 7 (GET /search /search) as charged' }),
    ).toBeTruthy()
    notCharged.focus()
    await userEvent.keyboard('{Enter}')
    const confirm = within(section).getByRole('group')
    expect(confirm.textContent).toContain(
      'Mark call 7 (GET /search /search) as not charged: its $0.00203 goes back to the budget.',
    )
    expect(document.activeElement?.textContent).toBe('Confirm: not charged')
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(sent).toEqual([])

    within(section)
      .getByRole('button', { name: /as charged$/ })
      .focus()
    await userEvent.keyboard('{Enter}')
    expect(within(section).getByRole('group').textContent).toContain('its $0.00203 stays counted as spent.')
    within(section)
      .getByRole('button', { name: /as not charged$/ })
      .focus()
    await userEvent.keyboard('{Enter}')
    await userEvent.keyboard('{Enter}') // focus is on the confirmation
    await vi.waitFor(() =>
      expect(sent).toEqual([{ url: '/api/spend/interrupted/7/reconcile', body: { charged: false } }]),
    )
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Interrupted' })).toBeNull())
  })

  it('says when the ledger cannot be loaded and offers a free retry', async () => {
    stubApi(
      overrideRoute(
        inProcessApi,
        (u) => u.pathname === '/api/spend',
        () => jsonResponse({ error: { code: 'internal_error', message: 'Storage is down.' } }, 500),
      ),
    )
    renderView()
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Could not load the spend ledger')
    expect(alert.textContent).toContain('Storage is down.')
    expect(within(alert).getByRole('button', { name: /Retry/ }).textContent).toContain('$0')
  })
})
