import { readFile } from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import type { Download, Page } from '@playwright/test'
import { readStrictCsvBytes } from '#test-readers/strict-csv.ts'
import { test, expect } from './fixtures.ts'
import { csvWithSidecar, type Saved } from './support/downloads.ts'

const RICK = { id: 'UCuAXFkgsw1L7xaCfnd5JJOw', handle: '@rickastleyyt', username: 'RickAstleyVEVO' }
const box = (page: Page) => page.getByLabel('Channel URL, id, handle or username')
const title = (page: Page) => page.getByRole('heading', { level: 1 })

async function lookUp(page: Page, value: string) {
  await box(page).fill(value)
  await page.getByRole('button', { name: 'Open', exact: true }).click()
}

async function text(download: Download): Promise<string> {
  return readFile((await download.path())!, 'utf8')
}

/** The CSV's rows, read strictly (RFC 4180, BOM, header on line 1). */
function csvRows(csv: Saved): Record<string, string>[] {
  return readStrictCsvBytes(csv.bytes).records
}

/** Three channels that are surely in the demo data: the publishers of the first popular videos. */
async function threeChannelIds(page: Page): Promise<string[]> {
  const res = await page.request.get('/api/popularVideos')
  const body = (await res.json()) as { data: { channelId: string }[] }
  return [...new Set(body.data.map((v) => v.channelId))].slice(0, 3)
}

test.describe('channel pages', () => {
  test('opens a channel by URL through the lookup box, and says what fetching it cost', async ({ page }) => {
    await page.goto('/channels')
    await expect(title(page)).toHaveText('Channels')
    await lookUp(page, `https://www.youtube.com/channel/${RICK.id}`)
    await expect(page).toHaveURL(new RegExp(`/channels/${RICK.id}$`))
    await expect(title(page)).toHaveText('Rick Astley')
    await expect(page.getByTestId('fetch-receipt')).toHaveText(
      /^(Fetched for \$0\.00013|From the dashboard's cache · free) · /,
    )
    await expect(page.getByRole('article').getByText(RICK.handle, { exact: true })).toBeVisible()
    await expect(page.getByText('United Kingdom (GB)')).toBeVisible()
    await expect(page.getByRole('list', { name: 'Keywords' }).getByRole('listitem')).toHaveText([
      'rick astley',
      'never gonna give you up',
      'together forever',
      'pop',
      '80s',
      'official music video',
    ])
    await expect(page.getByRole('link', { name: 'Pop music' })).toHaveAttribute(
      'href',
      'https://en.wikipedia.org/wiki/Pop_music',
    )
    await expect(page.getByRole('link', { name: 'https://www.rickastley.co.uk' })).toHaveAttribute(
      'target',
      '_blank',
    )
    await expect(page.getByText(/Empty: the channel shares no liked-videos playlist/)).toBeVisible()

    await page.getByRole('link', { name: /Captions of the trailer/ }).click()
    await expect(page).toHaveURL(/\/videos\/dQw4w9WgXcQ$/)
  })

  test('opens a channel by @handle, by a handle typed without @, and by legacy username', async ({
    page,
  }) => {
    await page.goto(`/channels/${RICK.handle}`)
    await expect(title(page)).toHaveText('Rick Astley')

    await lookUp(page, 'rickastleyyt')
    await expect(page).toHaveURL(/\/channels\/@rickastleyyt$/)
    await expect(title(page)).toHaveText('Rick Astley')

    await page.goto('/channels')
    await page.getByLabel('Read a plain name (no @) as').selectOption('username')
    await lookUp(page, RICK.username)
    await expect(page).toHaveURL(new RegExp(`/channels/user/${RICK.username}$`))
    await expect(title(page)).toHaveText('Rick Astley')
    await expect(page.getByRole('article').getByText(RICK.id, { exact: true })).toBeVisible()
  })

  test('switches hl and shows the localized title and description, kept in the URL', async ({ page }) => {
    await page.goto(`/channels/${RICK.handle}`)
    await expect(title(page)).toHaveText('Rick Astley')
    await page.getByLabel('Language of localized data').selectOption('ja')
    await expect(page).toHaveURL(/\/channels\/@rickastleyyt\?hl=ja$/)
    await expect(title(page)).toHaveText('リック・アストリー')
    await expect(title(page)).toHaveAttribute('lang', 'ja')
    await expect(page.getByText(/リック・アストリー公式チャンネル/)).toBeVisible()

    await page.reload()
    await expect(title(page)).toHaveText('リック・アストリー')
    await expect(page.getByLabel('Language of localized data')).toHaveValue('ja')

    await page.getByLabel('Language of localized data').selectOption('ar')
    await expect(title(page)).toHaveText('ريك أستلي')
    await expect(title(page)).toHaveAttribute('dir', 'rtl')

    await page.goto(`/channels/${RICK.handle}?hl=xx`)
    await expect(page.getByText('Ignored hl=xx')).toBeVisible()
    await expect(title(page)).toHaveText('Rick Astley')
  })

  test('compares three channels side by side and exports the comparison', async ({ page }) => {
    const ids = await threeChannelIds(page)
    expect(ids).toHaveLength(3)
    await page.goto('/channels')
    await lookUp(page, ids.join('\n'))
    await expect(page).toHaveURL(new RegExp(`/channels\\?ids=${ids.join(',')}$`))
    await expect(title(page)).toHaveText('Comparing 3 channels')
    const table = page.getByRole('table')
    await expect(table.getByRole('columnheader')).toHaveCount(3)
    for (const row of ['Handle', 'Country', 'Joined', 'Subscribers', 'Views', 'Videos', 'Views per video']) {
      await expect(table.getByRole('rowheader', { name: row, exact: true })).toBeVisible()
    }

    const exportGroup = page.getByRole('group', { name: 'Export 3 loaded channels' })
    const { csv, provenance } = await csvWithSidecar(page, exportGroup.getByRole('button', { name: 'CSV' }))
    expect(provenance).toMatchObject({
      title: 'Comparison of 3 channels',
      source: 'demo simulator (invented data)',
      operation: 'GET /channels',
      query: { ids: ids.join(','), fields: expect.stringMatching(/^id,title,customUrl,/) },
    })
    const rows = csvRows(csv)
    expect(rows.map((r) => r.id)).toEqual(ids)
    expect(Object.keys(rows[0]!)).not.toContain('description')

    // The column header leads to the channel's own page.
    await table.getByRole('link').first().click()
    await expect(page).toHaveURL(new RegExp(`/channels/${ids[0]}$`))
  })

  test("exports a channel's page as JSON and CSV with provenance", async ({ page }) => {
    await page.goto(`/channels/${RICK.handle}?hl=fr`)
    await expect(title(page)).toHaveText('Rick Astley')
    const exportGroup = page.getByRole('group', { name: 'Export 1 loaded channel' })
    const [jsonDownload] = await Promise.all([
      page.waitForEvent('download'),
      exportGroup.getByRole('button', { name: 'JSON' }).click(),
    ])
    const json = JSON.parse(await text(jsonDownload)) as {
      provenance: Record<string, unknown>
      items: Record<string, unknown>[]
    }
    expect(json.provenance).toMatchObject({
      operation: 'GET /channels',
      query: { forHandle: RICK.handle, hl: 'fr' },
      itemCount: 1,
      costUsd: 0.00013,
    })
    expect(json.items[0]).toMatchObject({
      id: RICK.id,
      customUrl: RICK.handle,
      relatedPlaylists: { likes: '' },
    })
    expect(String(json.items[0]!.description)).toContain('Chaîne officielle de Rick Astley')

    const { csv } = await csvWithSidecar(page, exportGroup.getByRole('button', { name: 'CSV' }))
    const rows = csvRows(csv)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      id: RICK.id,
      keywords: 'rick astley | never gonna give you up | together forever | pop | 80s | official music video',
      likesPlaylist: '',
    })
  })

  test('gives a missing channel a clear not-found page with the lookup box', async ({ page }) => {
    await page.goto('/channels/@no_such_channel_zz')
    await expect(page.getByRole('heading', { name: 'Channel not found' })).toBeVisible()
    await expect(
      page.getByText('The data service has no channel for the handle @no_such_channel_zz.'),
    ).toBeVisible()
    await expect(box(page)).toBeVisible()
    await page.getByRole('link', { name: /as a legacy username instead/ }).click()
    await expect(page).toHaveURL(/\/channels\/user\/no_such_channel_zz$/)
    await expect(page.getByRole('heading', { name: 'Channel not found' })).toBeVisible()

    await page.goto('/channels/not-a-channel')
    await expect(page.getByRole('heading', { name: 'This address names no channel' })).toBeVisible()
    await expect(box(page)).toHaveValue('not-a-channel')
  })

  for (const url of [
    `/channels/${RICK.handle}`,
    `/channels?ids=${RICK.id},UCaaaaaaaaaaaaaaaaaaaaaa`,
    '/channels/@no_such_channel_zz',
    '/channels',
  ]) {
    test(`${url} has no detectable accessibility violations`, async ({ page }) => {
      await page.goto(url)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.getByText(/^Loading/)).toHaveCount(0)
      const { violations } = await new AxeBuilder({ page }).analyze()
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
        [],
      )
    })
  }
})
