import { readFile } from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { readStrictCsvBytes } from '#test-readers/strict-csv.ts'
import { test, expect } from './fixtures.ts'
import { csvWithSidecar } from './support/downloads.ts'
import { attemptPoint, attemptRadiusKm } from './support/unique.ts'

const searchButton = (page: Page) => page.getByRole('button', { name: /^Search\s*·?\s*(\$|cached)/ })
const field = (page: Page, name: string) => page.getByLabel(name, { exact: true })
const map = (page: Page) => page.getByRole('application', { name: /Search map/ })
const results = (page: Page) => page.getByRole('list', { name: 'Search results' }).getByRole('listitem')

/** Every /api/search request the page makes (each one may be paid). */
function recordSearches(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (r) => {
    const url = new URL(r.url())
    if (url.pathname === '/api/search') seen.push(url.search)
  })
  return seen
}

/** Leaflet animates zooms: wait until the element stops moving before grabbing it. */
async function stableBox(locator: Locator) {
  await expect(locator).toBeVisible()
  let last = await locator.boundingBox()
  for (let i = 0; i < 50; i++) {
    await locator.page().waitForTimeout(100)
    const now = await locator.boundingBox()
    if (now && last && now.x === last.x && now.y === last.y) return now
    last = now
  }
  throw new Error('the element kept moving')
}

async function drag(page: Page, locator: Locator, dx: number, dy: number) {
  const box = await stableBox(locator)
  const x = box.x + box.width / 2
  const y = box.y + box.height / 2
  await page.mouse.move(x, y)
  await page.mouse.down()
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 5 })
  await page.mouse.move(x + dx, y + dy, { steps: 5 })
  await page.mouse.up()
}

const resultsHeading = (page: Page) => page.getByRole('heading', { name: /About [\d,]+ videos · region/ })

/** Presses Search and waits for this search's results (not the ones already on screen). */
async function runSearch(page: Page) {
  const before = (await resultsHeading(page).count()) ? await resultsHeading(page).textContent() : undefined
  const url = page.url()
  await searchButton(page).click()
  if (before !== undefined) await expect(page).not.toHaveURL(url)
  await expect(resultsHeading(page)).toBeVisible()
  if (before !== undefined) await expect(resultsHeading(page)).not.toHaveText(before!)
}

test.describe('location search', () => {
  test('a click on the map sets the point and the fields follow', async ({ page }) => {
    await page.goto('/search')
    await expect(field(page, 'Latitude')).toHaveValue('')
    await stableBox(map(page))
    await map(page).click({ position: { x: 420, y: 180 } })
    await expect(field(page, 'Latitude')).not.toHaveValue('')
    const lat = Number(await field(page, 'Latitude').inputValue())
    const lng = Number(await field(page, 'Longitude').inputValue())
    expect(Math.abs(lat)).toBeLessThanOrEqual(90)
    expect(Math.abs(lng)).toBeLessThanOrEqual(180)
    await expect(field(page, 'Coordinates or map link')).toHaveValue(`${lat}, ${lng}`)
    await expect(page.getByRole('button', { name: /Search point/ })).toBeVisible()
    await expect(page.getByRole('button', { name: /Radius handle/ })).toBeVisible()
    // Editing is free: nothing goes into the URL until Search is pressed.
    await expect(page).toHaveURL(/\/search$/)
  })

  test('the marker drags to move the point', async ({ page }, testInfo) => {
    const searches = recordSearches(page)
    // A point nobody searched: a search already in the server's cache would load by itself (free, but a request).
    const start = attemptPoint(testInfo, 48.8566, 2.3522)
    await page.goto(`/search?location=${start.text}&radius=10&unit=km`)
    await drag(page, page.getByRole('button', { name: /Search point/ }), 120, 60)
    await expect(field(page, 'Latitude')).not.toHaveValue('48.8566')
    expect(Number(await field(page, 'Latitude').inputValue())).toBeLessThan(start.lat)
    expect(Number(await field(page, 'Longitude').inputValue())).toBeGreaterThan(start.lng)
    await expect(page.getByText('The dashed circle is the last search.')).toBeVisible()
    expect(searches).toEqual([])
  })

  test('the handle on the circle drags to resize it, and arrow keys resize it too', async ({ page }) => {
    await page.goto('/search?location=48.8566,2.3522&radius=10&unit=km')
    const handle = page.getByRole('button', { name: /Radius handle/ })
    await drag(page, handle, 80, 0)
    await expect(field(page, 'Radius')).not.toHaveValue('10')
    const bigger = Number(await field(page, 'Radius').inputValue())
    expect(bigger).toBeGreaterThan(10)
    await drag(page, handle, -60, 0)
    await expect.poll(async () => Number(await field(page, 'Radius').inputValue())).toBeLessThan(bigger)
    const before = Number(await field(page, 'Radius').inputValue())
    await handle.focus()
    await page.keyboard.press('ArrowRight')
    await expect.poll(async () => Number(await field(page, 'Radius').inputValue())).toBeGreaterThan(before)
  })

  test('a search shows videos near Paris and loads a second page', async ({ page }, testInfo) => {
    const searches = recordSearches(page)
    // Radii of this attempt's own: other specs and attempts share this server's cache, and a cached search opens by itself.
    const nearKm = attemptRadiusKm(testInfo, 25)
    const farKm = attemptRadiusKm(testInfo, 999)
    await page.goto(`/search?location=48.8567,2.3521&radius=${nearKm}&unit=km`)
    await expect(searchButton(page)).toContainText(/\$0\.00203/)
    await runSearch(page)
    await expect(page.getByRole('heading', { name: /region FR/ })).toBeVisible()
    const cards = await results(page).allTextContents()
    expect(cards.length).toBeGreaterThan(5)
    expect(cards.length).toBeLessThanOrEqual(50)
    for (const text of cards) expect(text).toContain('Paris')
    const first = results(page).first()
    await expect(first.getByRole('img')).toHaveAttribute('alt', /^Thumbnail of/)
    await expect(first.getByRole('link').nth(1)).toHaveAttribute('href', /^\/channels\/UC[\w-]{22}$/)
    await expect(first.locator('time')).toHaveText(/UTC/)
    expect(searches).toHaveLength(1)

    // Nearly 1000 km around Paris reaches far more than one page.
    await field(page, 'Radius').fill(String(farKm))
    await runSearch(page)
    await expect(page).toHaveURL(new RegExp(`radius=${String(farKm).replace('.', '\\.')}&unit=km`))
    await expect(results(page)).toHaveCount(50)
    const more = page.getByRole('button', { name: /^Load more/ })
    // Nobody asked this search's second page before.
    await expect(more).toContainText('$0.00203')
    await more.click()
    await expect(results(page)).toHaveCount(100)
    await expect(page.getByText(/100 loaded from 2 pages/)).toBeVisible()
    expect(searches).toHaveLength(3)
    expect(searches[2]).toContain('pageToken=')

    // Filtering and sorting are free and kept in the URL.
    await page.getByLabel('Filter loaded results').fill('Paris')
    await expect(page).toHaveURL(/q=Paris/)
    await page.getByLabel('Sort', { exact: true }).selectOption('date')
    await expect(page).toHaveURL(/sort=date/)
    // The URL changes a moment before the list re-renders: poll until the order shows.
    await expect
      .poll(async () => {
        const dates = await page
          .getByRole('list', { name: 'Search results' })
          .locator('time')
          .evaluateAll((els) => els.map((e) => e.getAttribute('datetime') ?? ''))
        return dates.length > 0 && dates.join() === [...dates].sort().reverse().join()
      })
      .toBe(true)
    await expect(page.getByRole('link', { name: /Download captions/ })).toHaveAttribute(
      'href',
      /^\/bulk\?ids=[\w-]{11}(,[\w-]{11})*$/,
    )
    expect(searches).toHaveLength(3)
  })

  test('a result opens its captions view and the back button returns to the search intact', async ({
    page,
  }) => {
    await page.goto('/search?location=48.8566,2.3522&radius=20&unit=km')
    await runSearch(page)
    const searches = recordSearches(page)
    const title = results(page).first().getByRole('link').first()
    const href = await title.getAttribute('href')
    expect(href).toMatch(/^\/videos\/[\w-]{11}$/)
    await title.click()
    await expect(page).toHaveURL(new RegExp(`${href}$`))
    await page.goBack()
    await expect(page).toHaveURL(/\/search\?location=48.8566,2.3522&radius=20&unit=km$/)
    await expect(field(page, 'Latitude')).toHaveValue('48.8566')
    await expect(field(page, 'Radius')).toHaveValue('20')
    await expect(results(page).first().getByRole('link').first()).toHaveAttribute('href', href!)
    expect(searches).toEqual([])
  })

  test('the back button walks through earlier searches', async ({ page }) => {
    await page.goto('/search?location=48.8566,2.3522&radius=15&unit=km')
    await runSearch(page)
    await field(page, 'Coordinates or map link').fill('https://www.openstreetmap.org/#map=12/51.5074/-0.1278')
    await expect(field(page, 'Latitude')).toHaveValue('51.5074')
    await runSearch(page)
    await expect(page.getByRole('heading', { name: /region GB/ })).toBeVisible()
    await page.goBack()
    await expect(page).toHaveURL(/location=48.8566,2.3522&radius=15/)
    await expect(field(page, 'Latitude')).toHaveValue('48.8566')
    await expect(page.getByRole('heading', { name: /region FR/ })).toBeVisible()
  })

  test('exports CSV and JSON of the loaded results with provenance', async ({ page }, testInfo) => {
    // The export states what this session paid: the search must be a first, paid one.
    const km = attemptRadiusKm(testInfo, 30)
    const kmRe = String(km).replace('.', '\\.')
    await page.goto(`/search?location=48.8566,2.3522&radius=${km}&unit=km`)
    await runSearch(page)
    const count = await results(page).count()
    const exportGroup = page.getByRole('group', { name: /Export \d+ loaded videos/ })

    const { csv, provenance } = await csvWithSidecar(page, exportGroup.getByRole('button', { name: 'CSV' }))
    expect(csv.name).toMatch(
      new RegExp(`^search-fr-48\\.8566-2\\.3522-r${kmRe}km-\\d{4}-\\d{2}-\\d{2}-[0-9a-f]{6}\\.csv$`),
    )
    expect(provenance).toMatchObject({
      operation: 'GET /search',
      query: { location: '48.8566,2.3522', locationRadius: `${km}km`, type: 'video' },
      pagesFetched: 1,
      costUsd: 0.00203,
      source: 'demo simulator (invented data)',
      fetchedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    })
    expect(String(provenance.viewUrl)).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:\\d+/search\\?location=48\\.8566,2\\.3522&radius=${kmRe}&unit=km`),
    )
    const read = readStrictCsvBytes(csv.bytes)
    expect(read.header.join(',')).toBe(
      'rank,videoId,title,channelId,channelTitle,publishedAt,description,thumbnailUrl,videoUrl',
    )
    expect(read.records[0]!.videoUrl).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=/)

    const [jsonDownload] = await Promise.all([
      page.waitForEvent('download'),
      exportGroup.getByRole('button', { name: 'JSON' }).click(),
    ])
    expect(jsonDownload.suggestedFilename()).toBe(csv.name.replace(/\.csv$/, '.json'))
    const json = JSON.parse(await readFile((await jsonDownload.path())!, 'utf8')) as {
      provenance: Record<string, unknown>
      items: { videoId: string; kind: string }[]
    }
    expect(json.items).toHaveLength(count)
    expect(json.items[0]!.kind).toBe('youtube#video')
    expect(json.provenance).toMatchObject({
      operation: 'GET /search',
      query: { location: '48.8566,2.3522', locationRadius: `${km}km`, type: 'video' },
      pagesFetched: 1,
      itemCount: count,
      costUsd: 0.00203,
      title: `Videos within ${km} km of 48.8566, 2.3522`,
    })
    expect(json.provenance.dashboardVersion).toEqual(expect.any(String))
    // Every exported row is one loaded video.
    const csvIds = read.records.map((r) => r.videoId)
    expect(csvIds.slice(0, 3)).toEqual(json.items.slice(0, 3).map((i) => i.videoId))
  })

  test('a deep link reproduces the search: paid once, then free from the cache', async ({
    page,
  }, testInfo) => {
    const searches = recordSearches(page)
    // A radius of its own per attempt: the function's cache outlives a failed attempt.
    const radius = attemptRadiusKm(testInfo, 12)
    const url = `/search?location=35.6762,139.6503&radius=${radius}&unit=km`
    await page.goto(url)
    await expect(field(page, 'Latitude')).toHaveValue('35.6762')
    await expect(field(page, 'Longitude')).toHaveValue('139.6503')
    await expect(field(page, 'Radius')).toHaveValue(String(radius))
    await expect(
      page.getByText(`Press Search to run this search for videos within ${radius} km of 35.6762, 139.6503`, {
        exact: false,
      }),
    ).toBeVisible()
    expect(searches).toEqual([])
    await expect(searchButton(page)).toContainText('$0.00203')
    await runSearch(page)
    await expect(page.getByRole('heading', { name: /region JP/ })).toBeVisible()
    const firstHref = await results(page).first().getByRole('link').first().getAttribute('href')

    // Opened again (a bookmark, a colleague's link): the function has it cached, so it loads by itself for free.
    await page.goto(url)
    await expect(page.getByRole('heading', { name: /region JP/ })).toBeVisible()
    await expect(searchButton(page)).toContainText('cached · free')
    await expect(results(page).first().getByRole('link').first()).toHaveAttribute('href', firstHref!)
  })

  test('an invalid radius is refused with a message and nothing is paid', async ({ page }, testInfo) => {
    const searches = recordSearches(page)
    // A point nobody searched: a search already in the server's cache would load by itself (free, but a request).
    await page.goto(`/search?location=${attemptPoint(testInfo, 48.8566, 2.3522).text}&radius=10&unit=km`)
    await field(page, 'Unit').selectOption('mi')
    await expect(field(page, 'Radius')).toHaveValue('6.21371')
    await field(page, 'Radius').fill('700')
    await expect(page.getByText('The radius can be at most 1000 km (621.371 mi).')).toBeVisible()
    await expect(field(page, 'Radius')).toHaveAttribute('aria-invalid', 'true')
    await searchButton(page).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Nothing was searched' })).toBeVisible()
    await expect(field(page, 'Radius')).toBeFocused()
    await field(page, 'Radius').fill('0')
    await expect(page.getByText('The radius must be greater than 0.', { exact: true })).toBeVisible()
    await searchButton(page).click()
    await expect(page).toHaveURL(/radius=10&unit=km$/)

    // A link with a bad radius is refused too, saying why.
    await page.goto('/search?location=48.8566,2.3522&radius=-5&unit=km')
    await expect(
      page.getByRole('alert').filter({ hasText: "This link's search could not be run" }),
    ).toBeVisible()
    await expect(page.getByText('The radius must be greater than 0.', { exact: true })).toBeVisible()
    expect(searches).toEqual([])
  })

  test.describe('with geolocation allowed', () => {
    test.use({ geolocation: { latitude: -1.2921, longitude: 36.8219 }, permissions: ['geolocation'] })
    test('"Use my location" sets the point', async ({ page }) => {
      await page.goto('/search')
      await page.getByRole('button', { name: 'Use my location' }).click()
      await expect(field(page, 'Latitude')).toHaveValue('-1.2921')
      await expect(field(page, 'Longitude')).toHaveValue('36.8219')
    })
  })

  test('"Use my location" explains a refusal', async ({ page, context }) => {
    await context.clearPermissions()
    await page.goto('/search')
    await page.getByRole('button', { name: 'Use my location' }).click()
    await expect(
      page.getByRole('alert').filter({ hasText: /Location access was denied|not available/ }),
    ).toBeVisible()
  })

  test('the view has no detectable accessibility violations', async ({ page }) => {
    await page.goto('/search?location=48.8566,2.3522&radius=25&unit=km')
    await runSearch(page)
    const { violations } = await new AxeBuilder({ page }).analyze()
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  })
})

test.describe('location search without map tiles', () => {
  test.use({ failTiles: true })

  test('the map stays usable on the country outlines', async ({ page }) => {
    await page.goto('/search')
    await expect(page.getByRole('status').filter({ hasText: 'Map tiles could not be loaded' })).toBeVisible()
    await expect.poll(() => page.locator('.leaflet-basemap-pane path').count()).toBeGreaterThan(100)
    await stableBox(map(page))
    await map(page).click({ position: { x: 300, y: 160 } })
    await expect(field(page, 'Latitude')).not.toHaveValue('')
    await field(page, 'Coordinates or map link').fill('48.8566, 2.3522')
    await runSearch(page)
    await expect(page.getByRole('heading', { name: /region FR/ })).toBeVisible()
  })
})
