import type { Page } from '@playwright/test'
import { readStrictCsvBytes } from '#test-readers/strict-csv.ts'
import { test, expect, isolateFromInternet } from './fixtures.ts'
import { csvWithSidecar } from './support/downloads.ts'
import { attemptRadiusKm } from './support/unique.ts'

const usd = (text: string | null): number => Number((text ?? '').replace(/^\$/, ''))

/** The persisted React Query cache as the page stored it (src/lib/query-persistence.ts), or '' when none yet. */
function persistedQueryCache(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('poix-dashboard')
        open.onerror = () => resolve('')
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('query-cache')) return resolve('')
          const get = db.transaction('query-cache').objectStore('query-cache').get('poix.query-cache')
          get.onsuccess = () => resolve(typeof get.result === 'string' ? get.result : '')
          get.onerror = () => resolve('')
        }
      }),
  )
}

/** The deployment's cache hits so far (reading the ledger is free). */
async function cacheHits(page: Page): Promise<number> {
  const res = await page.request.get('/api/spend?limit=1')
  expect(res.status()).toBe(200)
  return ((await res.json()) as { totals: { cacheHits: number } }).totals.cacheHits
}

test.describe('spend control', () => {
  test('a search moves the cost meter once; repeating it is a free hit, counted but not listed; /spend lists the paid call and exports it', async ({
    page,
    browser,
  }, testInfo) => {
    // Paris at a radius of this attempt's own: the search must be a cache miss the first time (the server is shared by all specs and attempts).
    const radiusKm = attemptRadiusKm(testInfo, 21)
    const SEARCH = `/search?location=48.8566,2.3522&radius=${radiusKm}&unit=km`
    const PARAMS = `location=48.8566,2.3522 locationRadius=${radiusKm}km type=video`
    await page.goto(SEARCH)
    const meter = page.getByRole('region', { name: 'Spending' })
    const session = meter.getByTestId('session-spend')
    const allTime = meter.getByTestId('deployment-spend')
    await expect(session).toHaveText('$0')
    await expect(allTime).toHaveText(/^\$\d/)
    const before = usd(await allTime.textContent())
    const hitsBefore = await cacheHits(page)

    const search = page.getByRole('button', { name: /^Search (\$|cached)/ })
    await expect(search).toContainText('$0.00203')
    await search.click()
    await expect(session).toHaveText('$0.00203')
    await expect(meter.getByTestId('session-calls')).toHaveText('1 paid, 0 cached')
    // Other specs may spend on the same server meanwhile: the deployment total grows by at least this search.
    await expect
      .poll(async () => usd(await allTime.textContent()))
      .toBeGreaterThanOrEqual(before + 0.00203 - 1e-9)
    // Just paid: the same search is now quoted as free.
    await expect(search).toContainText('cached · free')
    await search.click()
    await expect(session).toHaveText('$0.00203')

    // The browser keeps what it fetched (IndexedDB): a reload shows the search without asking the server again.
    await expect.poll(() => persistedQueryCache(page), { timeout: 15_000 }).toContain(`${radiusKm}km`)
    const searchRequests: string[] = []
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/search') searchRequests.push(r.url())
    })
    await page.reload()
    await expect(search).toContainText('cached · free')
    await expect(page.getByRole('list', { name: 'Search results' })).toBeVisible()
    await expect(session).toHaveText('$0.00203')
    expect(searchRequests).toEqual([])

    // A fresh browser (nothing cached locally) repeats the search: the function answers from its cache for $0.
    const context = await browser.newContext()
    const fresh = await context.newPage()
    await isolateFromInternet(fresh)
    await fresh.goto(SEARCH)
    const freshMeter = fresh.getByRole('region', { name: 'Spending' })
    const freshSearch = fresh.getByRole('button', { name: /^Search (\$|cached)/ })
    await expect(freshSearch).toContainText('cached · free')
    await freshSearch.click()
    await expect(freshMeter.getByTestId('session-calls')).toHaveText('0 paid, 1 cached')
    await expect(freshMeter.getByTestId('session-spend')).toHaveText('$0')
    await context.close()

    // /spend: the figures say they are the demo simulator's; the free repeat raised the cache-hit count.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Spend' }).click()
    await expect(page.getByRole('heading', { name: 'Spend', level: 1 })).toBeVisible()
    await expect(
      page.getByText('Demo simulator — invented data, never counted against the budget'),
    ).toBeVisible()
    await expect(page.getByRole('img', { name: /Spend over time by operation/ })).toBeVisible()
    const hitsFigure = page
      .locator('dt', { hasText: /^Cache hits$/ })
      .locator('xpath=following-sibling::dd[1]')
    await expect
      .poll(async () => Number(await hitsFigure.textContent()))
      .toBeGreaterThanOrEqual(hitsBefore + 1)

    // The ledger lists paid calls only: our search once, charged; the repeat is no row of its own.
    const ledger = page.getByRole('table', { name: /^Ledger entries/ })
    const ours = ledger.getByRole('row').filter({ hasText: PARAMS })
    await expect(ours).toHaveCount(1)
    await expect(ours.getByRole('cell').nth(4)).toHaveText('$0.00203')
    await expect(ours.getByRole('cell').nth(5)).toHaveText('charged')

    const { csv, provenance } = await csvWithSidecar(page, page.getByRole('button', { name: 'CSV' }))
    expect(csv.name).toMatch(/^spend-ledger-\d{4}-\d{2}-\d{2}-[0-9a-f]{6}\.csv$/)
    expect(provenance).toMatchObject({
      title: expect.stringMatching(
        /^Spend ledger of this dashboard — demo simulator \(invented data, never counted against the budget\)/,
      ),
      source: 'demo simulator (invented data)',
      costUsd: 0,
    })
    const records = readStrictCsvBytes(csv.bytes).records
    const rows = records.filter((r) => r.params!.includes(`"locationRadius":"${radiusKm}km"`))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      priceUsd: '0.00203',
      costUsd: '0.00203',
      savedUsd: '0',
      state: 'charged',
      status: '200',
    })
  })

  test('the /spend view keeps its filters in the URL, operable from the keyboard', async ({ page }) => {
    // An old link's cache filter is ignored: every row is a paid call now.
    await page.goto('/spend?cache=HIT')
    const state = page.getByRole('combobox', { name: 'State' })
    await expect(state).toHaveValue('')
    await state.selectOption('pending')
    await expect(page).toHaveURL(/\/spend\?state=pending$/)

    await state.focus()
    await page.keyboard.press('ArrowDown')
    await expect(state).toHaveValue('interrupted')
    await expect(page).toHaveURL(/\/spend\?state=interrupted$/)
    await page.keyboard.press('Shift+Tab')
    await expect(page.getByRole('combobox', { name: 'Operation' })).toBeFocused()
  })
})
