/**
 * An opening price on every link: every link to a view that pays on opening shows what opening costs, and no
 * route pays on open above the approval setting. The gate tests run on a server of their own, so their caches start
 * empty whatever other specs opened.
 */
import type { APIRequestContext, Page } from '@playwright/test'
import { test, expect } from './fixtures.ts'
import { axeViolations } from './support/axe.ts'
import { startOwnServer, type OwnServer } from './support/fault-server.ts'

const ANCHOR_VIDEO = 'dQw4w9WgXcQ'
const LONG_VIDEO = 'k7Ry2VqWm_E'
const ANCHOR_CHANNEL = 'UCuAXFkgsw1L7xaCfnd5JJOw'
const ANCHOR_COMMENT = 'UgzoQVUwDeGW1IS5_uR4AaABAg'
const APP = 'Poix Research Dashboard'
const PRICE = /\$0\.\d{5}|cached · free/

/** Every visible link on the page that leads to another view which pays on opening, with its text. */
async function linksToPayingViews(page: Page): Promise<{ href: string; text: string }[]> {
  return page.evaluate(() => {
    const paying = [
      /^\/videos\/[^/?#]+/,
      /^\/popular(\?|$)/,
      /^\/channels\/[^?#]+/,
      /^\/channels\?(.*&)?ids=/,
      /^\/replies\/[^?#]+/,
    ]
    return [...document.querySelectorAll('a[href]')]
      .filter((a) => !a.closest('[aria-hidden="true"]'))
      .map((a) => ({ url: new URL(a.getAttribute('href')!, location.href), text: a.textContent ?? '' }))
      .filter(({ url }) => url.origin === location.origin && url.pathname !== location.pathname)
      .map(({ url, text }) => ({ href: url.pathname + url.search, text }))
      .filter(({ href }) => paying.some((re) => re.test(href)))
  })
}

/** At least `atLeast` links lead to paying views, and every one shows a price or "cached · free". */
async function expectEveryOpeningPriced(page: Page, atLeast = 1): Promise<void> {
  const links = await linksToPayingViews(page)
  expect(links.length, 'links to paying views on this page').toBeGreaterThanOrEqual(atLeast)
  const unpriced = links.filter((l) => !PRICE.test(l.text))
  expect(unpriced, 'links to paying views without a price').toEqual([])
}

test.describe('an opening price on every link to a paying view', () => {
  test('home, navigation, paste box, search results, popular, a channel page and replies', async ({
    page,
  }) => {
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link', { name: 'Popular' })).toContainText(PRICE)
    await expect(page.getByRole('link', { name: /^Popular videos/ })).toContainText(PRICE)
    await expectEveryOpeningPriced(page, 2)

    // The paste box prices what it will open before Open is pressed; a location opens the free search form.
    const box = page.getByLabel('Paste anything')
    const open = page.getByRole('button', { name: 'Open' })
    await box.fill(`https://youtu.be/${ANCHOR_VIDEO}`)
    await expect(open).toContainText(PRICE)
    await box.fill(`https://www.youtube.com/watch?v=${ANCHOR_VIDEO}&lc=${ANCHOR_COMMENT}`)
    await expect(open).toContainText(PRICE)
    await box.fill('@rickastleyyt')
    await expect(open).toContainText(PRICE)
    await box.fill('48.8566, 2.3522')
    await expect(open).toHaveText('Open')

    // The captions picker prices the video typed into it.
    await page.goto('/videos')
    await page.getByLabel('Video link or id').fill(ANCHOR_VIDEO)
    await expect(page.getByRole('button', { name: 'Open captions' })).toContainText(PRICE)

    await page.goto('/search?location=48.8566,2.3522&radius=10&unit=km')
    await page.getByRole('button', { name: /^Search\s*·?\s*(\$|cached)/ }).click()
    const results = page.getByRole('list', { name: 'Search results' }).getByRole('listitem')
    await expect(results.first()).toBeVisible()
    await expectEveryOpeningPriced(page, 2 * (await results.count()))

    await page.goto('/popular')
    await expect(page.getByRole('link', { name: /Never Gonna Give You Up/ }).first()).toBeVisible()
    await expectEveryOpeningPriced(page, 2)

    await page.goto('/channels/@rickastleyyt')
    await expect(page.getByRole('link', { name: /Captions of the trailer/ })).toContainText(PRICE)
    await expectEveryOpeningPriced(page)

    await page.goto(`/replies/${ANCHOR_COMMENT}`)
    await expect(page.getByTestId('reply-list').locator('article').first()).toBeVisible()
    await expectEveryOpeningPriced(page, 10)
  })

  test('a video reached from a list shows its title, channel and date; the tab says which video', async ({
    page,
  }) => {
    await page.goto('/popular')
    const link = page.getByRole('link', { name: /Never Gonna Give You Up/ }).first()
    await link.click()
    await expect(page).toHaveURL(new RegExp(`/videos/${ANCHOR_VIDEO}`))
    const identity = page.getByTestId('video-identity')
    await expect(identity).toContainText('Never Gonna Give You Up')
    await expect(identity).toContainText('Rick Astley')
    await expect(identity).toContainText('published')
    await expect(page).toHaveTitle(
      /^Captions · Rick Astley - Never Gonna Give You Up .* — Poix Research Dashboard$/,
    )
  })

  test('every route sets its document title', async ({ page }) => {
    const titles: [string, string][] = [
      ['/', `Home — ${APP}`],
      ['/search', `Location search — ${APP}`],
      ['/popular', `Popular videos — ${APP}`],
      ['/channels', `Channels — ${APP}`],
      [`/channels/${ANCHOR_CHANNEL}`, `Channels · ${ANCHOR_CHANNEL} — ${APP}`],
      ['/replies', `Replies — ${APP}`],
      [`/replies/${ANCHOR_COMMENT}`, `Replies · ${ANCHOR_COMMENT} — ${APP}`],
      ['/videos', `Captions — ${APP}`],
      ['/videos/Zp3xQe9LbTg', `Captions · Zp3xQe9LbTg — ${APP}`],
      ['/bulk?ids=dQw4w9WgXcQ,k7Ry2VqWm_E', `Bulk download · 2 videos — ${APP}`],
      ['/spend', `Spend — ${APP}`],
      ['/no/such/view', `Page not found — ${APP}`],
    ]
    for (const [path, title] of titles) {
      await page.goto(path)
      await expect(page, path).toHaveTitle(title)
    }
  })
})

// ——— On a server of its own: a fresh cache, and a ledger only these tests write to. ———

const OWN_PORT = 1000 + Number(process.env.E2E_PORT ?? 8181)
const BASE = `http://127.0.0.1:${OWN_PORT}`

/** What the own server's ledger says was paid so far. */
async function paidCalls(request: APIRequestContext): Promise<number> {
  const res = await request.get(`${BASE}/api/spend?limit=1`)
  expect(res.status()).toBe(200)
  return ((await res.json()) as { totals: { paidCalls: number } }).totals.paidCalls
}

/** Requests the page sends to paying endpoints (quotes, spend and health are free). */
function payingRequests(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (req) => {
    const { pathname } = new URL(req.url())
    if (/^\/api\/(captions|files|popularVideos|channels|commentReplies|search)/.test(pathname))
      seen.push(pathname)
  })
  return seen
}

async function chooseApproval(page: Page, label: string): Promise<void> {
  await page.goto(`${BASE}/`)
  await page.getByLabel('Ask me before opening anything that costs more than').selectOption({ label })
}

test.describe('no route pays on open above the approval setting', () => {
  test.describe.configure({ mode: 'default' })
  test.use({ askBeforePaidOpens: true, baseURL: BASE })
  let server: OwnServer | undefined

  test.beforeAll(async () => {
    test.setTimeout(200_000) // the first run may build the SPA
    server = await startOwnServer({ port: OWN_PORT })
  })
  test.afterAll(async () => {
    await server?.stop()
  })

  test('set to $0.001, a video page ($0.00106) shows its price and pays nothing until the priced press', async ({
    page,
    request,
  }) => {
    await chooseApproval(page, '$0.00100')
    const before = await paidCalls(request)
    const paying = payingRequests(page)
    await page.goto(`/videos/${ANCHOR_VIDEO}`)
    await expect(page).toHaveTitle(`Captions · ${ANCHOR_VIDEO} — ${APP}`)
    const open = page.getByRole('button', { name: /^Open captions\s*·?\s*\$0\.00106/ })
    await expect(open).toBeVisible()
    await expect(page.getByTestId('video-identity')).toContainText('not known here')
    expect(paying).toEqual([])
    expect(await paidCalls(request)).toBe(before)
    expect(await axeViolations(page)).toEqual([])
    // The setting is a labelled control in the header, reachable from the keyboard.
    const setting = page.getByLabel('Ask me before opening anything that costs more than')
    await expect(setting).toHaveValue('0.001')
    await setting.focus()
    await expect(setting).toBeFocused()

    await open.click()
    await expect(page.getByRole('heading', { name: `Captions of ${ANCHOR_VIDEO}` })).toBeVisible()
    await expect.poll(() => paidCalls(request)).toBe(before + 2)
    // The meter says each payment as it happens.
    await expect(page.getByRole('status', { name: 'Latest payment' })).toContainText(/Paid \$0\.00053 for/)
  })

  test('with the setting at nothing, popular, a channel and replies each wait for their priced press', async ({
    page,
    request,
  }) => {
    await chooseApproval(page, '$0 (always ask)')
    const paying = payingRequests(page)
    const openings: [string, RegExp, () => Promise<void>][] = [
      [
        '/popular',
        /^Open the popular videos\s*·?\s*\$0\.00013/,
        () => expect(page.getByRole('link', { name: /Never Gonna Give You Up/ }).first()).toBeVisible(),
      ],
      [
        `/channels/${ANCHOR_CHANNEL}`,
        /^Open the channel\s*·?\s*\$0\.00013/,
        () => expect(page.getByRole('heading', { name: 'Rick Astley', level: 1 })).toBeVisible(),
      ],
      [
        `/replies/${ANCHOR_COMMENT}`,
        /^Open the replies\s*·?\s*\$0\.00013/,
        () => expect(page.getByTestId('reply-list').locator('article').first()).toBeVisible(),
      ],
    ]
    for (const [path, button, opened] of openings) {
      const before = await paidCalls(request)
      await page.goto(path)
      const press = page.getByRole('button', { name: button })
      await expect(press, path).toBeVisible()
      expect(paying, path).toEqual([])
      expect(await paidCalls(request), path).toBe(before)
      await press.click()
      await opened()
      await expect.poll(() => paidCalls(request), { message: path }).toBe(before + 1)
      paying.length = 0
    }
  })

  test('by default a new video page (file list and default track) opens by itself', async ({
    page,
    request,
  }) => {
    const before = await paidCalls(request)
    await page.goto(`/videos/${LONG_VIDEO}`)
    await expect(page.getByLabel('Ask me before opening anything that costs more than')).toHaveValue('0.002')
    await expect(page.getByRole('heading', { name: `Captions of ${LONG_VIDEO}` })).toBeVisible()
    await expect(page.getByRole('button', { name: /^Open captions/ })).toHaveCount(0)
    await expect.poll(() => paidCalls(request)).toBe(before + 2)
  })

  test('what is cached opens by itself, free, even when the setting is nothing', async ({
    page,
    request,
  }) => {
    await chooseApproval(page, '$0 (always ask)')
    const before = await paidCalls(request)
    // Bought by the first test of this block: the function answers it from its cache.
    await page.goto(`/videos/${ANCHOR_VIDEO}`)
    await expect(page.getByRole('heading', { name: `Captions of ${ANCHOR_VIDEO}` })).toBeVisible()
    await expect(page.getByTestId('opening-costs')).toContainText('cached · free')
    expect(await paidCalls(request)).toBe(before)
  })
})
