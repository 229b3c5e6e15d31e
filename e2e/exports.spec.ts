import type { Page } from '@playwright/test'
import { readZip, strFromU8 } from '#test-readers/read-zip.ts'
import { readStrictCsvBytes } from '#test-readers/strict-csv.ts'
import { test, expect } from './fixtures.ts'
import { csvWithSidecar, onlyDownloadFrom } from './support/downloads.ts'
import { attemptRadiusKm } from './support/unique.ts'

const results = (page: Page) => page.getByRole('list', { name: 'Search results' }).getByRole('listitem')
const exportGroup = (page: Page, noun: string) =>
  page.getByRole('group', { name: new RegExp(`^Export .* loaded ${noun}$`) })

async function searchAt(page: Page, km: number, view = '') {
  await page.goto(`/search?location=48.8566,2.3522&radius=${km}&unit=km${view}`)
  await page.getByRole('button', { name: /^Search\s*·?\s*(\$|cached)/ }).click()
  await expect(page.getByRole('heading', { name: /About [\d,]+ videos · region/ })).toBeVisible()
}

test.describe('exports a researcher loads without repair', () => {
  test('a filtered, sorted search exports the videos shown, in order, with a sidecar naming the demo simulator', async ({
    page,
  }, testInfo) => {
    const km = attemptRadiusKm(testInfo, 37)
    await searchAt(page, km)
    const loaded = await results(page).count()
    // The demo's Paris videos: some are in Montmartre, most are not.
    await page.getByLabel('Filter loaded results').fill('montmartre')
    await page.getByLabel('Sort', { exact: true }).selectOption('title')
    const showing = page.getByText(new RegExp(`^Showing \\d+ of ${loaded} loaded videos`))
    const shownNow = async () => Number(/^Showing (\d+)/.exec((await showing.textContent()) ?? '')?.[1])
    // "Showing 50 of 50" is there before the typed filter applies: wait for the filtered count.
    await expect.poll(shownNow).toBeLessThan(loaded)
    const shown = await shownNow()
    await expect(results(page)).toHaveCount(shown)
    expect(shown).toBeGreaterThan(1)

    const group = exportGroup(page, 'videos')
    await expect(group).toHaveAccessibleName(`Export ${shown} of ${loaded} loaded videos`)
    const { csv, sidecar, provenance } = await csvWithSidecar(
      page,
      group.getByRole('button', { name: 'CSV', exact: true }),
    )

    const base = csv.name.replace(/\.csv$/, '')
    expect(csv.name).toMatch(
      new RegExp(
        `^search-fr-48\\.8566-2\\.3522-r${String(km).replace('.', '\\.')}km-filter-montmartre-sort-title-\\d{4}-\\d{2}-\\d{2}-[0-9a-f]{6}\\.csv$`,
      ),
    )
    expect(sidecar.name).toBe(`${base}.provenance.json`)

    // Strict RFC 4180: BOM, header on line 1, CRLF; the rows are the shown ones, in the shown order.
    expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const read = readStrictCsvBytes(csv.bytes)
    expect(read.header[0]).toBe('rank')
    // Titles by accessible name: a title link also shows what opening it costs (docs/decisions/0137).
    expect(read.records).toHaveLength(shown)
    for (const [i, record] of read.records.entries())
      await expect(results(page).nth(i).getByRole('heading')).toHaveAccessibleName(record.title ?? '')

    expect(provenance).toMatchObject({
      describes: csv.name,
      source: 'demo simulator (invented data)',
      dataSource: { kind: 'demo', name: 'demo simulator (invented data)', url: null },
      operation: 'GET /search',
      query: { location: '48.8566,2.3522', locationRadius: `${km}km`, type: 'video' },
      view: { filter: { text: 'montmartre' }, sort: 'title', shown: `${shown} of ${loaded} loaded videos` },
      itemCount: shown,
      costUsd: 0.00203,
    })
    expect(String(provenance.viewUrl)).toMatch(/[?&]q=montmartre(&|$)/)
    expect(JSON.stringify(provenance)).not.toMatch(/api\.poix\.io/)
  })

  test('JSON and ZIP carry the same provenance; the Excel-safe CSV says what it changed', async ({
    page,
  }, testInfo) => {
    await searchAt(page, attemptRadiusKm(testInfo, 38))
    const group = exportGroup(page, 'videos')
    const json = await onlyDownloadFrom(page, group.getByRole('button', { name: 'JSON' }))
    const body = JSON.parse(json.text) as { provenance: Record<string, unknown>; items: unknown[] }
    expect(body.provenance).toMatchObject({
      source: 'demo simulator (invented data)',
      itemCount: body.items.length,
    })

    const zip = await onlyDownloadFrom(page, group.getByRole('button', { name: 'ZIP' }))
    const base = zip.name.replace(/\.zip$/, '')
    const inside = readZip(new Uint8Array(zip.bytes))
    expect(Object.keys(inside)).toEqual([`${base}.csv`, `${base}.json`, `${base}.provenance.json`])
    expect(readStrictCsvBytes(inside[`${base}.csv`]!).records).toHaveLength(body.items.length)
    expect(JSON.parse(strFromU8(inside[`${base}.provenance.json`]!))).toMatchObject({
      source: 'demo simulator (invented data)',
      describes: `${base}.csv`,
    })

    const { csv, provenance } = await csvWithSidecar(page, group.getByRole('button', { name: 'For Excel' }))
    expect(csv.name).toMatch(/\.excel-safe\.csv$/)
    readStrictCsvBytes(csv.bytes)
    expect(provenance.excelSafe).toMatchObject({
      rule: expect.stringMatching(/apostrophe/),
      columns: expect.any(Array),
      cells: expect.any(Number),
    })
  })

  test('pseudonymised replies: the CSV and the JSON agree, no real id remains, and the salt can be reset', async ({
    page,
  }) => {
    const anchor = 'UgzoQVUwDeGW1IS5_uR4AaABAg'
    await page.goto(`/replies/${anchor}?format=html`)
    const group = exportGroup(page, 'replies')
    await expect(group).toBeVisible({ timeout: 20_000 })
    await page.getByLabel('Pseudonymise authors').check()
    const { csv } = await csvWithSidecar(page, group.getByRole('button', { name: 'CSV', exact: true }))
    const json = await onlyDownloadFrom(page, group.getByRole('button', { name: 'JSON' }))
    const rows = readStrictCsvBytes(csv.bytes).records
    const items = (JSON.parse(json.text) as { items: Record<string, string | null>[] }).items
    expect(rows.map((r) => [r.id, r.author])).toEqual(items.map((r) => [r.id, r.author]))
    expect(csv.text).not.toContain(anchor)
    expect(csv.name).not.toContain(anchor.toLowerCase())
    expect(rows[0]!.id).toMatch(/^reply-[0-9a-f]{8,}$/)

    await page.getByRole('button', { name: 'Reset pseudonym salt' }).click()
    const after = await csvWithSidecar(page, group.getByRole('button', { name: 'CSV', exact: true }))
    expect(readStrictCsvBytes(after.csv.bytes).records[0]!.author).not.toBe(rows[0]!.author)
  })
})
