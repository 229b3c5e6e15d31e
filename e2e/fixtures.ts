import { test as base, expect, type Page } from '@playwright/test'

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

/** Nothing leaves 127.0.0.1: external images get a 1×1 PNG, everything else external is refused. */
export async function isolateFromInternet(page: Page, opts: { failTiles?: boolean } = {}): Promise<void> {
  await page.route(
    (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
    (route) => {
      const isTile = /tile|basemap/i.test(route.request().url())
      if (isTile && opts.failTiles) return route.abort('failed')
      if (route.request().resourceType() === 'image')
        return route.fulfill({ status: 200, contentType: 'image/png', body: PNG_1X1 })
      return route.abort('blockedbyclient')
    },
  )
}

/** src/lib/pricing/approval-setting.ts's storage key: how much a page may cost to open without asking. */
const APPROVAL_STORAGE_KEY = 'poix.approve-opens-up-to-usd'

/**
 * Pages open by themselves (the approval setting at $1000) unless a spec opts out with
 * `test.use({ askBeforePaidOpens: true })`: most specs open /videos/ID and expect it to load.
 */
async function approveEveryOpen(page: Page): Promise<void> {
  await page.addInitScript((key) => {
    // Only when unset: a test that changes the setting keeps its choice across navigations.
    if (localStorage.getItem(key) === null) localStorage.setItem(key, '1000')
  }, APPROVAL_STORAGE_KEY)
}

export const test = base.extend<{ failTiles: boolean; askBeforePaidOpens: boolean }>({
  failTiles: [false, { option: true }],
  askBeforePaidOpens: [false, { option: true }],
  page: async ({ page, failTiles, askBeforePaidOpens }, use) => {
    await isolateFromInternet(page, { failTiles })
    if (!askBeforePaidOpens) await approveEveryOpen(page)
    await use(page)
  },
})

export { expect }
