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

export const test = base.extend<{ failTiles: boolean }>({
  failTiles: [false, { option: true }],
  page: async ({ page, failTiles }, use) => {
    await isolateFromInternet(page, { failTiles })
    await use(page)
  },
})

export { expect }
