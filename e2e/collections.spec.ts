import type { Page } from '@playwright/test'
import { test, expect } from './fixtures.ts'
import { axeViolations } from './support/axe.ts'
import { attemptPoint, attemptRadiusKm } from './support/unique.ts'

/** Every request that starts (POST) or stops (DELETE) collecting: the only ones that pay. */
function recordCollectCommands(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (r) => {
    if (/\/api\/collections\/[^/]+\/collect$/.test(new URL(r.url()).pathname) && r.method() !== 'GET')
      seen.push(r.method())
  })
  return seen
}

function clock(seconds: number): string {
  const s = Math.floor(seconds)
  const m = Math.floor((s % 3600) / 60)
  const h = Math.floor(s / 3600)
  const sec = String(s % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`
}

test.describe('research corpus', () => {
  test('search results into a new collection, collected with the price shown first, searched, a hit opens the studio at that moment', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000)
    const commands = recordCollectCommands(page)
    const point = attemptPoint(testInfo, 35.6812, 139.7671)
    await page.goto(`/search?location=${point.text}&radius=${attemptRadiusKm(testInfo, 7)}&unit=km`)
    await page.getByRole('button', { name: /^Search\s*·?\s*(\$|cached)/ }).click()
    await expect(page.getByRole('heading', { name: /About [\d,]+ videos · region/ })).toBeVisible()

    // All shown, into a new collection.
    const addAll = page.getByRole('button', { name: /^Add all \d+ shown to a collection$/ })
    const shown = Number(/Add all (\d+) shown/.exec((await addAll.textContent())!)![1])
    await addAll.click()
    const form = page.getByRole('form', { name: /^Add all \d+ shown to a collection$/ })
    await form.getByLabel('Collection', { exact: true }).selectOption({ label: 'New collection…' })
    const name = `Tokyo ${testInfo.retry}-${Date.now()}`
    await form.getByLabel('Name of the new collection').fill(name)
    await form.getByRole('button', { name: `Add ${shown} videos` }).click()
    await expect(page.getByRole('status').filter({ hasText: `Added ${shown} to ${name}.` })).toBeVisible()
    await page.getByRole('link', { name }).click()

    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    await expect(page).toHaveTitle(new RegExp(`^${name} — `))
    await expect(page.getByTestId('collection-summary')).toContainText(
      `${shown} videos · 0 of ${shown} tracks collected`,
    )

    // The price is on the button before anything is paid.
    const collect = page.getByRole('button', {
      name: /^Collect \d+ tracks? · (\$[\d.]+)( \(\d+ cached free\))?$/,
    })
    await expect(collect).toBeVisible()
    await expect(collect).toContainText(`Collect ${shown} track`)
    expect(commands).toEqual([])
    await collect.click()
    await expect(page.getByTestId('collect-job')).toContainText(
      new RegExp(`^Done: ${shown} of ${shown} tracks`),
      {
        timeout: 60_000,
      },
    )
    expect(commands).toEqual(['POST'])

    // The most frequent word's count opens its KWIC lines.
    const frequent = page.getByRole('table', { name: 'Most frequent' })
    const firstCount = frequent.getByRole('link').first()
    const label = (await firstCount.getAttribute('aria-label'))!
    const term = /^\d+ of (.+): show its lines$/.exec(label)![1]!
    await firstCount.click()
    // Words without spaces between them (ja, zh) are found as exact substrings.
    await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(term)}(&match=substring)?$`))
    await expect(page.getByTestId('corpus-total')).toHaveText(/^Lines 1–\d+ of \d+ hits$/)

    // The whole collection page (videos, job, KWIC lines, statistics, chart, exports) passes WCAG 2.1 A and AA.
    expect(await axeViolations(page)).toEqual([])

    const kwic = page.getByRole('table', { name: /^Keyword in context/ })
    const hit = kwic.getByRole('row').nth(1).getByRole('link').first()
    await expect(hit.locator('mark')).toBeVisible()
    const href = (await hit.getAttribute('href'))!
    const [, videoId, t] =
      /^\/videos\/([\w-]{11})\?lang=[\w-]+&mode=default&t=(\d+)&collection=c_\w{10}$/.exec(href)!
    await hit.click()
    await expect(page).toHaveURL(
      new RegExp(`/videos/${videoId}\\?lang=[\\w-]+&mode=default&t=${t}&collection=c_\\w{10}$`),
    )
    await expect(page.getByTestId('playback-time')).toHaveText(new RegExp(`^${clock(Number(t))} /`), {
      timeout: 20_000,
    })
  })
})
