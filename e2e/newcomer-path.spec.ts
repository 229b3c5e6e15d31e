/**
 * A first-time researcher's first hour on demo data, with the browser's default settings: from a search to a
 * collection searched, collected, coded and exported. Each step leaves a screenshot in the test's output folder.
 */
import type { Page, TestInfo } from '@playwright/test'
import { test, expect } from './fixtures.ts'
import { startOwnServer, type OwnServer } from './support/fault-server.ts'

// A server of its own on a fresh DATA_DIR: a newcomer's first collection, with nothing collected by other specs.
const PORT = 2000 + Number(process.env.E2E_PORT ?? 8181)
const BASE = `http://127.0.0.1:${PORT}`
test.describe.configure({ mode: 'default' })
// The default asking amount, as a newcomer has it: nothing set in the browser.
test.use({ askBeforePaidOpens: true, baseURL: BASE })

let server: OwnServer | undefined
test.beforeAll(async () => {
  test.setTimeout(200_000) // the first run may build the SPA
  server = await startOwnServer({ port: PORT })
})
test.afterAll(async () => {
  await server?.stop()
})

const ANCHOR_VIDEO = 'dQw4w9WgXcQ'
const ARABIC_VIDEO = 'Ar7bQx2LmPo'
const MISSING_VIDEO = 'AAAAAAAAAAA'

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) })
}

/** Downloads started while `action` runs and for a moment after it. */
async function downloadsOf(page: Page, action: () => Promise<void>): Promise<string[]> {
  const names: string[] = []
  const onDownload = (d: { suggestedFilename(): string }) => names.push(d.suggestedFilename())
  page.on('download', onDownload)
  await action()
  await expect.poll(() => names.length).toBeGreaterThan(0)
  await page.waitForTimeout(1_500)
  page.off('download', onDownload)
  return names
}

test.describe('the newcomer path', () => {
  test('search, open a result far down the list, captions, a missing video, an Arabic track, a channel by name', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000)
    await page.goto('/')
    await expect(page.getByLabel('Paste anything')).toBeVisible()
    await shot(page, testInfo, '01-home')

    await page.goto('/search?location=48.8566,2.3522&radius=25&unit=km')
    await page.getByRole('button', { name: /^Search\s*·?\s*(\$|cached)/ }).click()
    const results = page.getByRole('list', { name: 'Search results' }).getByRole('listitem')
    await expect(results.first()).toBeVisible()
    await shot(page, testInfo, '02-search-results')

    // One CSV press saves one file; its provenance is a link of its own.
    const exports = page.getByRole('button', { name: /^CSV/ }).first()
    const saved = await downloadsOf(page, () => exports.click())
    expect(saved).toHaveLength(1)
    expect(saved[0]).toMatch(/\.csv$/)
    await expect(page.getByRole('link', { name: /^Provenance of .+\.csv/ })).toBeVisible()
    await shot(page, testInfo, '03-one-csv-and-its-provenance-link')

    // Far down the list; the video opens at its top, with no press (one video page is under the default amount).
    const count = await results.count()
    const far = results.nth(count - 3)
    await far.scrollIntoViewIfNeeded()
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000)
    await far.getByRole('heading').getByRole('link').click()
    await expect(page).toHaveURL(/\/videos\/[\w-]{11}/)
    await expect(page.getByRole('list', { name: 'Transcript cues' })).toBeVisible({ timeout: 20_000 })
    await expect(page.getByRole('heading', { name: 'Opening this page is paid' })).toHaveCount(0)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport()
    await shot(page, testInfo, '04-video-from-far-down-the-list')

    // A second visit to a video this browser holds says it is free.
    await page.goto(`/videos/${ANCHOR_VIDEO}`)
    await expect(page.getByRole('list', { name: 'Transcript cues' })).toBeVisible({ timeout: 20_000 })
    await page.goto('/')
    await page.goBack()
    await expect(page.getByRole('list', { name: 'Transcript cues' })).toBeVisible({ timeout: 20_000 })
    await expect(page.getByText(/Opening this video:.*cached · free/)).toBeVisible()
    await shot(page, testInfo, '05-revisit-cached-free')

    // A video that does not exist is said so, with nothing to buy.
    await page.goto(`/videos/${MISSING_VIDEO}`)
    await expect(page.getByText('This video does not exist')).toBeVisible({ timeout: 20_000 })
    // A page loaded by its address starts at its top too, whatever the last loaded page was scrolled to.
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    await expect(page.getByText(/no captions in/)).toHaveCount(0)
    await expect(page.getByRole('button', { name: /\$0\.\d+/ })).toHaveCount(0)
    await shot(page, testInfo, '06-missing-video')

    // An Arabic track: the speech rate counted from its own words, said so.
    await page.goto(`/videos/${ARABIC_VIDEO}?lang=ar`)
    await expect(page.getByRole('list', { name: 'Transcript cues' })).toBeVisible({ timeout: 20_000 })
    await expect(page.getByText(/counted in the text/i).first()).toBeVisible()
    await shot(page, testInfo, '07-arabic-speech-rate')

    // A channel typed by name: offered as a handle, priced, one press.
    await page.goto('/channels')
    const box = page.getByLabel('Channel URL, id, handle or username')
    await box.fill('rick astley')
    await box.press('Enter')
    await expect(page.getByText(/"rick astley" is a name/)).toBeVisible()
    await expect(page.getByText(/Comparing/)).toHaveCount(0)
    const asHandle = page.getByRole('button', { name: /^Open @rickastley\s*·?\s*(\$0\.\d+|cached · free)$/ })
    await expect(asHandle).toBeVisible()
    await shot(page, testInfo, '08-channel-by-name')
    await asHandle.click()
    await expect(page).toHaveURL(/\/channels\/@rickastley/)
  })

  test('a new collection: a pasted id, searched before anything is collected, collected by a double press, its studio pointing to the coding panel', async ({
    page,
  }, testInfo) => {
    test.setTimeout(150_000)
    await page.goto('/collections')
    const name = `First hour ${testInfo.retry}-${Date.now()}`
    const create = page.getByRole('form', { name: /New collection/i })
    await create.getByLabel('Name').fill(name)
    // Creating opens the new collection.
    await create.getByRole('button', { name: 'Create collection' }).click()
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()

    await page.getByLabel(/^Video links or ids/).fill(ANCHOR_VIDEO)
    await page.getByRole('button', { name: 'Add these videos' }).click()
    const videos = page.getByRole('table', { name: 'Videos in this collection' })
    await expect(videos).toContainText(ANCHOR_VIDEO)
    await expect(videos).toContainText('title not known yet')
    await expect(videos).not.toContainText('— —')
    await shot(page, testInfo, '09-collection-with-a-pasted-id')

    // The first corpus search, before anything is collected: no error, a line saying so with the price.
    await page.goto(`/collections/${page.url().split('/collections/')[1]!.split('?')[0]}?q=never`)
    await expect(page.getByTestId('nothing-collected').first()).toContainText(/Nothing is collected/)
    await expect(page.getByTestId('nothing-collected').first()).toContainText(
      /costs \$0\.\d+|is free: it is already cached/,
    )
    await expect(page.getByText(/storage_unavailable|Retry in a moment/)).toHaveCount(0)
    await shot(page, testInfo, '10-search-before-collecting')

    // Collect pressed twice: the job runs once, and no error is left when it is done.
    const collect = page.getByRole('button', { name: /^Collect 1 track · / })
    await collect.dblclick()
    await expect(page.getByTestId('collect-job')).toContainText(/^Done: 1 of 1 track/, { timeout: 60_000 })
    await expect(page.getByRole('alert')).toHaveCount(0)
    await expect(page.getByText(/DELETE|already running/)).toHaveCount(0)
    await expect(page.getByTestId('corpus-total')).toHaveText(/of \d+ hits?$/)
    await shot(page, testInfo, '11-collected-and-searched')

    // The studio, opened from the collection, points to its coding panel.
    await videos.getByRole('link').first().click()
    await expect(page.getByRole('list', { name: 'Transcript cues' })).toBeVisible({ timeout: 20_000 })
    const toPanel = page.getByRole('link', { name: /Code this video/ })
    await expect(toPanel).toBeVisible()
    await toPanel.press('Enter')
    await expect(page.locator('#studio-coding')).toBeInViewport()
    await shot(page, testInfo, '12-studio-coding-panel')
  })
})
