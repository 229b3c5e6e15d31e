import { readFile } from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import type { Download, Page } from '@playwright/test'
import { readStrictCsvBytes } from '#test-readers/strict-csv.ts'
import { test, expect } from './fixtures.ts'
import { csvWithSidecar, type Saved } from './support/downloads.ts'

const ANCHOR_TITLE = 'Rick Astley - Never Gonna Give You Up (Official Music Video)'
const summary = (page: Page) => page.getByTestId('loaded-summary')
const scroller = (page: Page) => page.getByRole('region', { name: 'Popular videos list' })
const articles = (page: Page) => page.getByRole('feed', { name: 'Popular videos' }).getByRole('article')

async function openFeed(page: Page, url = '/popular') {
  await page.goto(url)
  await expect(page.getByRole('heading', { level: 1, name: 'Popular videos' })).toBeVisible()
  await expect(summary(page)).toContainText(/^50 videos loaded in 1 page/)
}

async function text(download: Download): Promise<string> {
  return readFile((await download.path())!, 'utf8')
}

/** The CSV's rows, read strictly (RFC 4180, BOM, header on line 1). */
function csvRows(csv: Saved): Record<string, string>[] {
  return readStrictCsvBytes(csv.bytes).records
}

/** Whether an earlier attempt of this test already paid for page 2 of the feed (no other spec loads it; the cache keeps it 15 minutes). */
async function pageTwoAlreadyPaid(page: Page): Promise<boolean> {
  const res = await page.request.get('/api/spend?limit=1000')
  expect(res.status()).toBe(200)
  const { recent } = (await res.json()) as {
    recent: { operation: string; params: Record<string, string>; cache: string }[]
  }
  return recent.some(
    (r) => r.operation === 'GET /popularVideos' && r.params.pageToken !== undefined && r.cache === 'MISS',
  )
}

async function rankOf(article: ReturnType<typeof articles>): Promise<number> {
  return Number(/Rank (\d+)/.exec((await article.locator('p').first().textContent()) ?? '')?.[1])
}

test.describe('the popular feed', () => {
  test('scrolls past the first pages: a priced "Load more", then auto-load as the list nears its end', async ({
    page,
  }) => {
    // The feed has no query of its own to vary: the ledger tells whether page 2 is already in the server's cache.
    const paidBefore = await pageTwoAlreadyPaid(page)
    await openFeed(page)
    await expect(page.getByRole('link', { name: ANCHOR_TITLE })).toBeVisible()
    await expect(articles(page).first()).toContainText('Rank 1')
    // Virtualised: far fewer articles in the DOM than loaded.
    expect(await articles(page).count()).toBeLessThan(50)

    const loadMore = page.getByRole('button', { name: /^Load more \(page 2\)/ })
    await expect(loadMore.getByTestId('price')).toHaveText(paidBefore ? 'cached · free' : '$0.00013')
    await loadMore.click()
    await expect(summary(page)).toContainText(/^100 videos loaded in 2 pages/)

    // Auto-load is off by default: scrolling to the end does not pay by itself.
    await scroller(page).evaluate((el) => el.scrollTo(0, el.scrollHeight))
    await expect(page.getByRole('button', { name: /^Load more \(page 3\)/ })).toBeVisible()
    await expect(summary(page)).toContainText(/^100 videos loaded/)

    await page.getByLabel(/Auto-load next pages as I scroll/).check()
    await expect(page).toHaveURL(/auto=1/)
    await expect(async () => {
      await scroller(page).evaluate((el) => el.scrollTo(0, el.scrollHeight))
      await expect(summary(page)).toContainText(/^(2\d\d|[3-9]\d\d) videos loaded/, { timeout: 1_000 })
    }).toPass({ timeout: 30_000 })
    await page.getByLabel(/Auto-load next pages as I scroll/).uncheck()

    // Deep in the list, the rendered ranks are past the first pages and still only a window of the list is in the DOM.
    await scroller(page).evaluate((el) => el.scrollTo(0, el.scrollHeight))
    await expect.poll(async () => rankOf(articles(page).last())).toBeGreaterThan(150)
    expect(await articles(page).count()).toBeLessThan(40)
  })

  test('"Load more" sits under the list, in view, and stays put while rows are expanded and scrolled', async ({
    page,
  }) => {
    await openFeed(page)
    const loadMore = page.getByRole('button', { name: /^Load more \(page 2\)/ })
    // The page scrolled to its end, the list not: the button shows under the list's first rows.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await expect(loadMore).toBeInViewport()
    expect(await rankOf(articles(page).first())).toBe(1)
    const before = await loadMore.boundingBox()
    const first = articles(page).first()
    await first.getByRole('button', { name: /Show full description and details/ }).click()
    await expect(first.getByRole('button', { name: /Show less/ })).toHaveAttribute('aria-expanded', 'true')
    await scroller(page).evaluate((el) => el.scrollTo(0, el.scrollHeight / 2))
    await expect.poll(async () => rankOf(articles(page).first())).toBeGreaterThan(1)
    // A pointer aimed at it lands on it whatever the rows above are doing.
    expect(await loadMore.boundingBox()).toEqual(before)
  })

  test('filters and sorts what is loaded, kept in the URL, without paying again', async ({ page }) => {
    await openFeed(page)
    const spend = await page.getByTestId('session-spend').textContent()

    await page.getByLabel('Category', { exact: true }).selectOption('10')
    await expect(page).toHaveURL(/category=10/)
    // The URL changes a moment before the list re-renders: wait for the filtered count.
    await expect(page.getByText(/^Showing \d+ of 50 loaded videos/)).not.toContainText('Showing 50 of 50')
    const shownMusic = Number(
      /Showing (\d+) of 50/.exec(
        (await page.getByText(/^Showing \d+ of 50 loaded videos/).textContent()) ?? '',
      )?.[1],
    )
    expect(shownMusic).toBeGreaterThan(0)
    expect(shownMusic).toBeLessThan(50)

    await page.getByLabel('Sort').selectOption('views')
    await expect(page).toHaveURL(/sort=views/)
    const views = await articles(page).evaluateAll((els) =>
      els
        .slice(0, 4)
        .map((el) =>
          Number(
            (el.querySelector('[title$=" views"]')?.getAttribute('data-exact') ?? '0').replace(/\D/g, ''),
          ),
        ),
    )
    expect(views.length).toBeGreaterThan(1)
    expect([...views].sort((a, b) => b - a)).toEqual(views)

    await page.getByLabel('Duration to (min)').fill('4')
    await expect(page).toHaveURL(/max=4/)
    const durations = await articles(page).evaluateAll((els) =>
      els.map((el) => el.querySelector('time[datetime^="P"]')?.textContent ?? ''),
    )
    expect(durations.length).toBeGreaterThan(0)
    for (const d of durations) expect(d).toMatch(/^[0-3]:\d\d$|^4:00$/)
    await page.getByLabel('Duration to (min)').fill('')
    await expect(page).not.toHaveURL(/max=/)

    await page.getByLabel('Text in title, channel, tags or description').pressSequentially('nggyu')
    await expect(page).toHaveURL(/q=nggyu/)
    await expect(articles(page)).toHaveCount(1)
    await expect(page.getByRole('link', { name: ANCHOR_TITLE })).toBeVisible()
    await expect(
      page.getByRole('link', { name: /^Download captions… \(1 filtered videos\)/ }),
    ).toHaveAttribute('href', '/bulk?ids=dQw4w9WgXcQ')

    // Reloading the filtered URL restores the filters; nothing was paid for filtering.
    await page.reload()
    await expect(page.getByLabel('Text in title, channel, tags or description')).toHaveValue('nggyu')
    await expect(page.getByLabel('Category', { exact: true })).toHaveValue('10')
    await expect(articles(page)).toHaveCount(1)
    expect(await page.getByTestId('session-spend').textContent()).toBe(spend)

    await page.getByRole('button', { name: 'Clear filters' }).click()
    await expect(page).toHaveURL(/\/popular$/)
    await expect(page.getByText(/^Showing 50 of 50 loaded videos/)).toBeVisible()
  })

  test("picks a region and a language: the service's chart for them, kept in the URL and across a reload", async ({
    page,
  }) => {
    await openFeed(page)
    await expect(articles(page).first()).toContainText(ANCHOR_TITLE)
    const region = page.getByLabel('Region', { exact: true })
    await expect(page.getByLabel('Language', { exact: true })).toHaveValue('')

    await region.selectOption('JP')
    await expect(page).toHaveURL(/\/popular\?region=JP$/)
    await expect(summary(page)).toContainText('the chart of region JP')
    // The view shows the chart the function answers for that region (asked again here: a free hit).
    const chart = (await (await page.request.get('/api/popularVideos?regionCode=JP')).json()) as {
      regionCode: string
      data: { title: string; categoryId: string }[]
    }
    expect(chart.regionCode).toBe('JP')
    expect(chart.data[0]!.title).not.toBe(ANCHOR_TITLE)
    await expect(articles(page).first()).toContainText(chart.data[0]!.title)

    await page.getByLabel('Language', { exact: true }).selectOption('ja')
    await expect(page).toHaveURL(/\/popular\?region=JP&hl=ja$/)
    // The simulator localizes category titles: the category filter offers them in Japanese.
    await expect(
      page.getByLabel('Category', { exact: true }).locator('option', { hasText: '音楽' }),
    ).toHaveCount(1)

    await page.reload()
    await expect(region).toHaveValue('JP')
    await expect(page.getByLabel('Language', { exact: true })).toHaveValue('ja')
    await expect(summary(page)).toContainText('the chart of region JP')
    await expect(articles(page).first()).toContainText(chart.data[0]!.title)
    await expect(
      page.getByLabel('Category', { exact: true }).locator('option', { hasText: '音楽' }),
    ).toHaveCount(1)

    await region.selectOption('')
    await expect(page).toHaveURL(/\/popular\?hl=ja$/)
    await expect(articles(page).first()).toContainText(ANCHOR_TITLE)
  })

  test('an item shows its details, expands its description with safe links, and charts by category', async ({
    page,
  }) => {
    await openFeed(page)
    const item = articles(page).filter({ has: page.getByRole('link', { name: ANCHOR_TITLE }) })
    await expect(item.getByRole('list', { name: 'Flags' })).toContainText('Standard licence')
    await expect(item.getByRole('list', { name: 'Tags' })).toContainText('#nggyu')
    await expect(item.getByText('Music', { exact: true })).toBeVisible()
    const toggle = item.getByRole('button', { name: /Show full description and details/ })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await toggle.click()
    await expect(item.getByRole('button', { name: /Show less/ })).toHaveAttribute('aria-expanded', 'true')
    await expect(item.getByRole('link', { name: 'https://linktr.ee/rickastleynever' })).toHaveAttribute(
      'rel',
      /noopener/,
    )
    await expect(item.getByText('Public stats viewable')).toBeVisible()
    await expect(item.getByRole('link', { name: 'Pop music' })).toHaveAttribute(
      'href',
      'https://en.wikipedia.org/wiki/Pop_music',
    )

    const chart = page.getByRole('img', { name: /Loaded videos by category/ })
    await expect(chart).toBeVisible()
    await page.getByText('Show as a table').click()
    const table = page.getByRole('table')
    await expect(table.getByRole('rowheader', { name: 'Music' })).toBeVisible()
    const counts = await table.locator('tbody tr td:last-child').allTextContents()
    expect(counts.map(Number).reduce((a, b) => a + b, 0)).toBe(50)
  })

  test("opens a video's captions view and a channel from the feed", async ({ page }) => {
    await openFeed(page)
    await page.getByRole('link', { name: ANCHOR_TITLE }).click()
    await expect(page).toHaveURL(/\/videos\/dQw4w9WgXcQ$/)
    await page.goBack()
    await expect(page.getByRole('link', { name: ANCHOR_TITLE })).toBeVisible()
    const item = articles(page).filter({ has: page.getByRole('link', { name: ANCHOR_TITLE }) })
    await item.getByRole('link', { name: 'Rick Astley', exact: true }).click()
    await expect(page).toHaveURL(/\/channels\/UCuAXFkgsw1L7xaCfnd5JJOw$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Rick Astley' })).toBeVisible()
  })

  test('exports what is loaded as CSV and JSON with provenance', async ({ page }) => {
    await openFeed(page)
    const exportGroup = page.getByRole('group', { name: /^Export 50 loaded videos/ })

    const { csv, provenance } = await csvWithSidecar(page, exportGroup.getByRole('button', { name: 'CSV' }))
    expect(csv.name).toMatch(/^popular-videos-\d{4}-\d{2}-\d{2}-[0-9a-f]{6}\.csv$/)
    expect(provenance).toMatchObject({
      title: 'Popular videos (loaded pages)',
      source: 'demo simulator (invented data)',
      operation: 'GET /popularVideos',
      pagesFetched: 1,
    })
    const rows = csvRows(csv)
    expect(rows).toHaveLength(50)
    expect(rows[0]).toMatchObject({
      rank: '1',
      id: 'dQw4w9WgXcQ',
      title: ANCHOR_TITLE,
      durationSeconds: '213',
      categoryTitle: 'Music',
    })

    const [jsonDownload] = await Promise.all([
      page.waitForEvent('download'),
      exportGroup.getByRole('button', { name: 'JSON' }).click(),
    ])
    const json = JSON.parse(await text(jsonDownload)) as {
      provenance: Record<string, unknown>
      items: Record<string, unknown>[]
    }
    expect(json.provenance).toMatchObject({
      operation: 'GET /popularVideos',
      pagesFetched: 1,
      itemCount: 50,
      costUsd: 0.00013,
    })
    expect(String(json.provenance.viewUrl)).toMatch(/\/popular$/)
    expect(json.items).toHaveLength(50)
    expect(json.items[0]).toMatchObject({ rank: 1, id: 'dQw4w9WgXcQ', viewCount: '1702345118' })
  })

  test('the view has no detectable accessibility violations', async ({ page }) => {
    await openFeed(page)
    await page
      .getByRole('button', { name: /Show full description and details/ })
      .first()
      .click()
    await page.getByText('Show as a table').click()
    const { violations } = await new AxeBuilder({ page }).analyze()
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  })
})
