/** Area sweep on demo data: plan and price first, run, reload mid-sweep, merged = union, GeoJSON, collection. */
import type { Page, Route, TestInfo } from '@playwright/test'
import { test, expect } from './fixtures.ts'
import { axeViolations } from './support/axe.ts'
import { onlyDownloadFrom } from './support/downloads.ts'

type Answer = { url: string; cache: string; costUsd: number; held: boolean }

/** One answer's receipt (the function's X-Cache and X-Cost-USD headers). */
function answerOf(url: string, headers: Record<string, string>, held: boolean): Answer {
  const u = new URL(url)
  return {
    url: `${u.pathname}${u.search}`,
    cache: headers['x-cache'] ?? '',
    costUsd: Number(headers['x-cost-usd'] ?? 0),
    held,
  }
}

/** Every /api/search answer the page got (those the test holds back are recorded where it holds them). */
function searchLedger(page: Page) {
  const answers: Answer[] = []
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/api/search') answers.push(answerOf(r.url(), r.headers(), false))
  })
  return answers
}

/** A square in central Paris, moved a little per attempt so that a retry buys its own pages. */
function parisSquare(testInfo: TestInfo): string {
  const d = (testInfo.retry + testInfo.repeatEachIndex * 3) * 0.0013
  // Large enough for its cover to find more videos than the list shows without virtualising.
  const [s, n, w, e] = [48.815, 48.895, 2.27 + d, 2.43 + d].map((x) => x.toFixed(5))
  return `${s}, ${w}\n${s}, ${e}\n${n}, ${e}\n${n}, ${w}`
}

type Row = { videoId: string; circles: string[] }

/** Every page of one circle's search, asked by the test itself (cached by now: free). */
async function circleVideos(page: Page, firstPageUrl: string): Promise<string[]> {
  const ids: string[] = []
  let url: string | undefined = firstPageUrl
  while (url) {
    const res = await page.request.get(url)
    expect(res.status()).toBe(200)
    const body = (await res.json()) as { data: { videoId: string }[]; nextPageToken?: string }
    ids.push(...body.data.map((v) => v.videoId))
    const next: URL = new URL(url, 'http://x')
    next.searchParams.set('pageToken', body.nextPageToken ?? '')
    url = body.nextPageToken ? `${next.pathname}${next.search}` : undefined
  }
  return ids
}

/** RFC 7946 §3.1.6: closed rings of 4+ positions, outer ring counter-clockwise, holes clockwise, [lon, lat] in range. */
function ringProblems(ring: number[][], outer: boolean): string[] {
  const problems: string[] = []
  if (ring.length < 4) problems.push('a ring has fewer than 4 positions')
  const [first, last] = [ring[0]!, ring.at(-1)!]
  if (first[0] !== last[0] || first[1] !== last[1]) problems.push('a ring is not closed')
  for (const [lon, lat] of ring)
    if (Math.abs(lon!) > 180 || Math.abs(lat!) > 90) problems.push(`position ${lon},${lat} out of range`)
  let twiceArea = 0
  for (let i = 0; i + 1 < ring.length; i++)
    twiceArea += ring[i]![0]! * ring[i + 1]![1]! - ring[i + 1]![0]! * ring[i]![1]!
  if (outer && twiceArea <= 0) problems.push('an outer ring is clockwise')
  if (!outer && twiceArea >= 0) problems.push('a hole is counter-clockwise')
  return problems
}

type Geometry = { type: string; coordinates: number[] | number[][][] | number[][][][] }
function geometryProblems(g: Geometry): string[] {
  if (g.type === 'Point') {
    const [lon, lat] = g.coordinates as number[]
    return Math.abs(lon!) <= 180 && Math.abs(lat!) <= 90 ? [] : [`point ${JSON.stringify(g.coordinates)}`]
  }
  const polygons = (g.type === 'Polygon' ? [g.coordinates] : g.coordinates) as number[][][][]
  return polygons.flatMap((p) => p.flatMap((ring, i) => ringProblems(ring, i === 0)))
}

test.describe('area sweep', () => {
  test('typed area: plan and price before paying, run, reload mid-sweep and resume buying nothing twice, merged = union, GeoJSON, collection', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000)
    const answers = searchLedger(page)
    await page.goto('/search?area=')
    await expect(page.getByRole('heading', { level: 1, name: 'Area sweep' })).toBeVisible()
    await page.getByRole('textbox', { name: 'Vertices' }).fill(parisSquare(testInfo))
    await page.getByRole('button', { name: 'Use these vertices' }).click()
    await expect(page).toHaveURL(/\/search\?area=[A-Za-z0-9_-]+/)

    // The plan: radius, circles on the map, each depth's price, all before anything is paid.
    const radius = page.getByRole('textbox', { name: 'Circle radius (km)' })
    await radius.fill('1.5')
    await expect(page).toHaveURL(/[?&]r=1\.5(&|$)/)
    const count = page.getByText(/^\d+ circles cover the area/)
    await expect(count).toBeVisible()
    const circles = Number(/^(\d+)/.exec((await count.textContent())!)![1])
    expect(circles).toBeGreaterThan(3)
    await expect(page.getByText(/^First page only: \$[\d.]+ \(\d+ × \$0\.00203/)).toBeVisible()
    await expect(page.getByText(/^Up to 3 pages per circle: at most \$[\d.]+/)).toBeVisible()
    // The choice lives in the URL: the radio shows it once the address has changed (click, then wait for it).
    const every = page.getByRole('radio', {
      name: /^Every page: \$[\d.]+ for the first pages, then \$0\.00203 per further page/,
    })
    await every.click()
    await expect(page).toHaveURL(/[?&]depth=all(&|$)/)
    await expect(every).toBeChecked()
    await expect(page.locator('path.leaflet-interactive')).toHaveCount(circles + 1)
    // The map fits the typed area: its circles are drawn large enough to see, not as dots on a world map.
    await expect
      .poll(async () => (await page.locator('path.leaflet-interactive').last().boundingBox())?.width ?? 0)
      .toBeGreaterThan(40)
    const runButton = page.getByRole('button', { name: /^Run sweep\s*·?\s*~?\$[\d.]+$/ })
    await expect(runButton).toBeVisible()
    expect(answers).toEqual([])

    // Three pages go through; the next ones reach the server (it charges and caches them) but never the page.
    let passed = 0
    const held: Answer[] = []
    let release: () => void = () => {}
    const released = new Promise<void>((r) => (release = r))
    const hold = async (route: Route) => {
      if (passed < 3) {
        passed += 1
        return route.continue()
      }
      const res = await route.fetch()
      held.push(answerOf(route.request().url(), res.headers(), true))
      await released
      await route.abort().catch(() => undefined)
    }
    await page.route('**/api/search?*', hold)
    await runButton.click()
    // Three first pages pass; the rest of the first wave (three at a time, fewer if the cover has fewer circles) is held.
    await expect.poll(() => held.length, { timeout: 30_000 }).toBe(Math.min(3, circles - 3))
    await expect(page.getByTestId('sweep-status')).toContainText('Running')

    // A reload mid-sweep, the pages still held (so no further page can start and be saved before it): the saved
    // progress is offered, and resuming buys no page twice.
    await page.reload()
    await expect(page.getByText(/^This sweep was interrupted with \$[\d.]+ spent/)).toBeVisible()
    await page.unroute('**/api/search?*', hold)
    release()
    await expect(page.getByTestId('sweep-status')).toContainText(`3 pages`)
    await page.getByRole('button', { name: /^Resume sweep/ }).click()
    await expect(page.getByTestId('sweep-status')).toContainText(
      `Done: every circle searched to the chosen depth. ${circles} of ${circles} circles done`,
      { timeout: 60_000 },
    )
    const all = [...answers, ...held]
    const misses = new Map<string, number>()
    for (const a of all) if (a.cache === 'MISS') misses.set(a.url, (misses.get(a.url) ?? 0) + 1)
    expect([...misses].filter(([, n]) => n > 1)).toEqual([])
    for (const h of held) {
      // The page cut off by the reload was bought once; asked again after it, the function's cache answers free.
      const again = answers.filter((a) => a.url === h.url)
      expect(again.map((a) => [a.cache, a.costUsd])).toEqual([['HIT', 0]])
    }

    // The merged list (its JSON export) is the union of the circles' own searches, with no duplicate videoId.
    const firstPages = [...new Set(all.map((a) => a.url).filter((u) => !u.includes('pageToken=')))]
    expect(firstPages).toHaveLength(circles)
    const union = new Set((await Promise.all(firstPages.map((u) => circleVideos(page, u)))).flat())
    const heading = page.getByTestId('sweep-results-heading')
    await expect(heading).toHaveText(`${union.size} unique videos from ${circles} circles`)
    const json = await onlyDownloadFrom(page, page.getByRole('button', { name: 'JSON', exact: true }))
    const exported = JSON.parse(json.text) as { provenance: Record<string, unknown>; items: Row[] }
    const ids = exported.items.map((r) => r.videoId)
    expect(new Set(ids).size).toBe(ids.length)
    expect(new Set(ids)).toEqual(union)
    expect(exported.items.every((r) => r.circles.length > 0)).toBe(true)

    // GeoJSON, one file with its provenance inside: the area, every circle with its counts and every video at the
    // centre of the smallest circle that found it, by RFC 7946's rules.
    const geo = await onlyDownloadFrom(page, page.getByRole('button', { name: 'GeoJSON' }))
    expect(geo.name).toMatch(/\.geojson$/)
    const fc = JSON.parse(geo.text) as {
      type: string
      crs?: unknown
      provenance: Record<string, unknown>
      features: { type: string; geometry: Geometry; properties: Record<string, unknown> }[]
    }
    expect(fc.type).toBe('FeatureCollection')
    expect(fc).not.toHaveProperty('crs')
    expect(fc.provenance).toMatchObject({ describes: geo.name, source: 'demo simulator (invented data)' })
    expect(fc.features.flatMap((f) => geometryProblems(f.geometry))).toEqual([])
    const points = fc.features.filter((f) => f.properties.kind === 'video')
    expect(new Set(points.map((f) => f.properties.videoId))).toEqual(union)
    for (const f of points) {
      expect(f.properties).toMatchObject({
        searchCircleRadiusKm: 1.5,
        pointIs: expect.stringMatching(/not where the video was recorded/),
      })
      expect(f.geometry).toEqual({
        type: 'Point',
        coordinates: [f.properties.searchCircleLon, f.properties.searchCircleLat],
      })
    }
    const circleFeatures = fc.features.filter((f) => typeof f.properties.id === 'string')
    expect(circleFeatures).toHaveLength(circles)
    for (const f of circleFeatures) {
      expect(f.properties).toMatchObject({
        radiusKm: 1.5,
        found: expect.any(Number),
        only: expect.any(Number),
      })
      // [lon, lat]: central Paris is near 2.35° E, 48.85° N.
      const [lon, lat] = (f.geometry.coordinates as number[][][])[0]![0]!
      expect(lon).toBeGreaterThan(2.2)
      expect(lon).toBeLessThan(2.5)
      expect(lat).toBeGreaterThan(48.7)
      expect(lat).toBeLessThan(49)
    }

    await page.screenshot({ path: test.info().outputPath('swept.png'), fullPage: true })
    // The long list is virtualised (only the rows in view are in the page) and the view still passes axe.
    await expect(page.getByRole('region', { name: 'Sweep results, scrollable' })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])

    // Clicking a circle's row filters the list; the filter clears.
    await page.getByRole('button', { name: /^c1 done/ }).click()
    await expect(page.getByTestId('sweep-shown')).toHaveText(/^Showing the \d+ videos circle c1 found\.$/)
    await page.getByRole('button', { name: "Show every circle's videos" }).click()
    await expect(page.getByTestId('sweep-shown')).toHaveText(`Showing all ${union.size} videos.`)

    // Into a new collection, each video with the circles that found it.
    const add = page.getByRole('button', { name: `Add these ${union.size} videos to a collection` })
    await add.click()
    const form = page.getByRole('form', { name: `Add these ${union.size} videos to a collection` })
    await form.getByLabel('Collection', { exact: true }).selectOption({ label: 'New collection…' })
    const name = `Paris sweep ${testInfo.retry}-${Date.now()}`
    await form.getByLabel('Name of the new collection').fill(name)
    await form.getByRole('button', { name: `Add ${union.size} videos` }).click()
    await expect(
      page.getByRole('status').filter({ hasText: `Added ${union.size} to ${name}.` }),
    ).toBeVisible()
    const list = (await (await page.request.get('/api/collections')).json()) as {
      collections: { id: string; name: string }[]
    }
    const id = list.collections.find((c) => c.name === name)!.id
    const detail = (await (await page.request.get(`/api/collections/${id}`)).json()) as {
      videos: { videoId: string; foundBy: { kind: string; circles?: string[] }[] }[]
    }
    const circlesOf = new Map(exported.items.map((r) => [r.videoId, r.circles]))
    expect(detail.videos).toHaveLength(union.size)
    for (const v of detail.videos)
      expect(v.foundBy).toEqual([
        expect.objectContaining({ kind: 'sweep', circles: circlesOf.get(v.videoId) }),
      ])
    await page.getByRole('link', { name }).click()
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  })

  test('draw on the map: a rectangle becomes the area in the URL and its circles; removing it empties the area', async ({
    page,
  }) => {
    const answers = searchLedger(page)
    await page.goto('/search?area=')
    const map = page.getByRole('application', { name: /^Area sweep map/ })
    await expect(map).toBeVisible()
    await page.getByRole('button', { name: 'Draw Rectangle' }).click()
    const box = (await map.boundingBox())!
    await page.mouse.click(box.x + box.width * 0.45, box.y + box.height * 0.4)
    await page.mouse.move(box.x + box.width * 0.55, box.y + box.height * 0.55, { steps: 4 })
    await page.mouse.click(box.x + box.width * 0.55, box.y + box.height * 0.55)
    // With no radius in the link, the suggested one for the area is used.
    await expect(page).toHaveURL(/\/search\?area=s[A-Za-z0-9_-]+$/)
    await expect(page.getByText(/^Suggested for this area: [\d.]+ km$/)).toBeVisible()
    await expect(page.getByText(/^\d+ circles? covers? the area/)).toBeVisible()
    await expect(page.getByRole('button', { name: /^Run sweep/ })).toBeVisible()
    // The typed-vertices box shows the drawn rectangle, four vertices, for keyboard users to read and edit.
    await expect(page.getByRole('textbox', { name: 'Vertices' })).toHaveValue(
      /^(-?[\d.]+, -?[\d.]+\n){3}-?[\d.]+, -?[\d.]+$/,
    )
    await page.screenshot({ path: test.info().outputPath('drawn.png') })

    await page.getByRole('button', { name: 'Remove Layers' }).click()
    // The area is an outline: Geoman takes a click on its edge.
    await page.locator('path[stroke="#7c2d12"]').click({ position: { x: 1, y: 20 } })
    await expect(page).toHaveURL(/\/search\?area=$/)
    expect(answers).toEqual([])
  })

  test('Stop stops between pages; Resume carries on with what is left', async ({ page }, testInfo) => {
    test.setTimeout(120_000)
    const answers = searchLedger(page)
    const d = (testInfo.retry + testInfo.repeatEachIndex * 3) * 0.0017
    await page.goto('/search?area=&r=1')
    await page
      .getByRole('textbox', { name: 'Vertices' })
      .fill(
        `48.86, ${(2.29 + d).toFixed(4)}\n48.86, ${(2.33 + d).toFixed(4)}\n48.88, ${(2.31 + d).toFixed(4)}`,
      )
    await page.getByRole('button', { name: 'Use these vertices' }).click()
    await expect(page.getByText(/^\d+ circles cover the area/)).toBeVisible()
    // Two pages answer; the others wait (never reaching the server) until the researcher stops.
    let passed = 0
    const waitForever = async (route: Route) => {
      if (passed < 2) {
        passed += 1
        return route.continue()
      }
      await new Promise(() => undefined)
    }
    await page.route('**/api/search?*', waitForever)
    await page.getByRole('button', { name: /^Run sweep/ }).click()
    await expect(page.getByTestId('sweep-status')).toContainText('2 pages')
    await page.getByRole('button', { name: 'Stop' }).click()
    await expect(page.getByTestId('sweep-status')).toContainText('Stopped. Resume to carry on')
    await expect(
      page
        .getByRole('list', { name: 'Circles' })
        .getByRole('button', { name: /^c\d+ stopped/ })
        .first(),
    ).toBeVisible()
    await page.unroute('**/api/search?*', waitForever)
    const resume = page.getByRole('button', { name: /^Resume sweep\s*·?\s*\$[\d.]+$/ })
    await expect(resume).toBeFocused()
    await resume.click()
    await expect(page.getByTestId('sweep-status')).toContainText('Done: every circle', { timeout: 60_000 })
    // Each page was asked for once: the two answered before Stop were not asked again.
    const urls = answers.map((a) => a.url)
    expect(new Set(urls).size).toBe(urls.length)
  })

  test('bad input gets a clear message and pays nothing; too many circles offers a larger radius', async ({
    page,
  }) => {
    const answers = searchLedger(page)
    await page.goto('/search?area=')
    const vertices = page.getByRole('textbox', { name: 'Vertices' })
    const typed = page.getByRole('form', { name: "Type the area's vertices" })
    await vertices.fill('48.80, 2.30\nnot a vertex\n48.90, 2.40')
    await typed.getByRole('button', { name: 'Use these vertices' }).click()
    await expect(typed.getByRole('alert')).toContainText('Line 2: "not a vertex" is not "lat, lon"')
    await expect(typed.getByRole('alert')).toContainText('Nothing was paid.')

    // A bow tie crosses itself.
    await vertices.fill('48.80, 2.30\n48.90, 2.40\n48.80, 2.40\n48.90, 2.30')
    await typed.getByRole('button', { name: 'Use these vertices' }).click()
    await expect(typed.getByRole('alert')).toContainText('The outline crosses itself')
    await expect(page).toHaveURL(/\/search\?area=$/)

    await page.getByText('Paste or upload GeoJSON or a sites CSV').click()
    const pasted = page.getByRole('form', { name: 'Paste or upload an area' })
    await pasted
      .getByRole('textbox', { name: 'GeoJSON or a CSV of sites' })
      .fill('{"type": "Polygon", "coordinates": [[')
    await pasted.getByRole('button', { name: 'Use the pasted area' }).click()
    await expect(pasted.getByRole('alert')).toBeVisible()
    await expect(pasted.getByRole('alert')).toContainText(
      'This is not an area the sweep can use. Nothing was paid.',
    )

    // Northern France at 1 km takes far too many circles: the larger radius is offered and taken.
    await vertices.fill('48.0, 0.0\n48.0, 4.0\n50.0, 4.0\n50.0, 0.0')
    await typed.getByRole('button', { name: 'Use these vertices' }).click()
    await page.getByRole('textbox', { name: 'Circle radius (km)' }).fill('1')
    await expect(
      page.getByRole('alert').filter({ hasText: /^This area would take [\d,]+ circles/ }),
    ).toBeVisible()
    await page.getByRole('button', { name: /^Use a [\d.]+ km radius instead$/ }).click()
    await expect(page.getByText(/^\d+ circles? covers? the area/)).toBeVisible()
    await expect(page.getByRole('button', { name: /^Run sweep/ })).toBeVisible()
    expect(answers).toEqual([])
  })

  test('keyboard only: type the area, run, filter by a circle; the view passes axe', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000)
    await page.goto('/search?area=&r=1')
    const vertices = page.getByRole('textbox', { name: 'Vertices' })
    await vertices.focus()
    const d = (testInfo.retry + testInfo.repeatEachIndex * 3) * 0.0011
    await page.keyboard.type(
      `48.845, ${(2.33 + d).toFixed(4)}\n48.845, ${(2.37 + d).toFixed(4)}\n48.865, ${(2.35 + d).toFixed(4)}`,
    )
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Use these vertices' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByText(/^\d+ circles? covers? the area/)).toBeVisible()

    /** Tabs forward (or back) until the button named `name` has focus. */
    async function tabTo(name: RegExp, key: 'Tab' | 'Shift+Tab' = 'Tab') {
      const target = page.getByRole('button', { name }).first()
      for (let i = 0; i < 150; i++) {
        await page.keyboard.press(key)
        if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return
      }
      throw new Error(`Tab never reached ${name}`)
    }
    await tabTo(/^Run sweep/)
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('sweep-status')).toContainText('Done', { timeout: 60_000 })
    await expect(page.getByRole('heading', { name: 'Progress' })).toBeFocused()
    // Back to the map: a circle is a button there too.
    await tabTo(
      /^Circle c2: done, \d+ found, \d+ only it found\. Press Enter to show only its videos\.$/,
      'Shift+Tab',
    )
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('sweep-shown')).toHaveText(/^Showing the \d+ videos circle c2 found\.$/)
    await tabTo(/^c1 done/)
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('sweep-shown')).toHaveText(/^Showing the \d+ videos circle c1 found\.$/)
    expect(await axeViolations(page)).toEqual([])
  })
})
