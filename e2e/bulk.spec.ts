import { readFile } from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import type { Download, Page } from '@playwright/test'
import { readZip, strFromU8 } from '#test-readers/read-zip.ts'
import { readStrictCsvBytes } from '#test-readers/strict-csv.ts'
import { test, expect } from './fixtures.ts'

const RICK = 'dQw4w9WgXcQ' // en es de fr ja ar
const CJK = 'Jp4cK9tRz1U' // ja (default) zh-CN ko en
const ASR = 'As3rOnly5xk' // en (auto-generated) only
const RTL = 'Ar7bQx2LmPo' // ar (default) fa iw en (auto-generated)
const NONE = 'Zp3xQe9LbTg' // no captions at all

type ManifestFile = {
  path: string
  videoId: string
  format: string
  langRequested: string | null
  langReceived: string
  bytes: number
  cache: string
  url: string
}
type Missing = {
  outcome: string
  videoId: string
  format: string
  langRequested: string | null
  status: number | null
  code: string
  message: string
}
type Manifest = {
  kind: string
  run: {
    outcome: string
    summary: string
    startedAt: string
    finishedAt: string
    dashboardVersion: string
    source: string
    totals: { files: number; costUsd: number; notFetched: number }
  }
  files: ManifestFile[]
  missing: Missing[]
}

/** headless Chromium may or may not expose the File System Access picker; these tests exercise the browser-download fallback. */
async function withoutFilePicker(page: Page) {
  await page.addInitScript(() =>
    Object.defineProperty(window, 'showSaveFilePicker', { value: undefined, configurable: true }),
  )
}

async function unzipDownload(download: Download) {
  expect(download.suggestedFilename()).toMatch(/^captions-bulk-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.zip$/)
  const files = readZip(new Uint8Array(await readFile((await download.path())!)))
  const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as Manifest
  // Strict RFC 4180: BOM, header on line 1, CRLF; the manifest names the demo simulator as the source.
  const report = readStrictCsvBytes(files['report.csv']!).records
  expect(manifest.run.source).toBe('demo simulator (invented data)')
  const captionPaths = Object.keys(files)
    .filter((p) => p.includes('/'))
    .sort()
  return { files, manifest, report, captionPaths }
}

const progressBar = (page: Page) => page.getByRole('progressbar', { name: 'Bulk download progress' })
const downloadButton = (page: Page) => page.getByRole('button', { name: /^Download ZIP/ })

test.describe('bulk caption download', () => {
  test.beforeEach(async ({ page }) => withoutFilePicker(page))

  test('pasted videos × 2 formats × 2 languages: price first, then a ZIP of folders with a manifest and the unavailable report', async ({
    page,
  }, testInfo) => {
    // A second language of each attempt's own (RICK has it, the others do not): some of the files are always paid.
    const second = (['fr', 'de', 'es'] as const)[testInfo.retry]!
    await page.goto(`/bulk?ids=${RICK}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Bulk caption download' })).toBeVisible()

    await page
      .getByRole('textbox', { name: 'Paste video links or ids' })
      .fill(
        [
          `https://www.youtube.com/watch?v=${CJK}&t=42`,
          `youtu.be/${ASR}, ${NONE}`,
          'nope',
          `https://www.youtube.com/shorts/${RICK}`,
        ].join('\n'),
      )
    await page.getByRole('button', { name: 'Add to the list' }).click()
    await expect(page.getByText('Added 3 videos; 1 duplicate merged.')).toBeVisible()
    await expect(page.getByRole('list', { name: 'Entries that are not videos' })).toContainText('nope')
    await expect(page.getByRole('group', { name: 'Videos (4 of 4 selected)' })).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`/bulk\\?ids=${RICK},${CJK},${ASR},${NONE}$`))

    await expect(downloadButton(page)).toBeDisabled()
    await page.getByRole('checkbox', { name: 'srt', exact: true }).check()
    await page.getByRole('checkbox', { name: 'vtt', exact: true }).check()
    await page.getByRole('radio', { name: 'Choose languages' }).check()
    await page.getByRole('listbox', { name: /Languages to download/ }).selectOption(['en', second])
    await expect(page).toHaveURL(new RegExp(`formats=srt,vtt&langs=en,${second}$`))

    // The price, before anything is paid: 4 videos × 2 languages × 2 formats.
    await expect(page.getByTestId('bulk-plan')).toHaveText(
      '16 requests × $0.00053 = $0.00848 at most, for up to 16 files.',
    )
    await expect(page.getByText(/cached are free/)).toBeVisible()
    await expect(downloadButton(page).getByTestId('price')).toHaveText('$0.00848')
    await expect(page.getByRole('radio', { name: /To a file I choose/ })).toBeDisabled()
    await expect(page.getByRole('radio', { name: /As a browser download/ })).toBeChecked()

    const { violations } = await new AxeBuilder({ page }).include('main').analyze()
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])

    const downloading = page.waitForEvent('download')
    await downloadButton(page).click()
    const { files, manifest, report, captionPaths } = await unzipDownload(await downloading)

    await expect(page.getByText('Bulk download complete')).toBeVisible()
    await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '16')
    await expect(progressBar(page)).toHaveAttribute('aria-valuemax', '16')

    expect(captionPaths).toEqual(
      [
        `${ASR}/${ASR}.en.srt`,
        `${ASR}/${ASR}.en.vtt`,
        `${CJK}/${CJK}.en.srt`,
        `${CJK}/${CJK}.en.vtt`,
        `${RICK}/${RICK}.en.srt`,
        `${RICK}/${RICK}.en.vtt`,
        `${RICK}/${RICK}.${second}.srt`,
        `${RICK}/${RICK}.${second}.vtt`,
      ].sort(),
    )
    expect(strFromU8(files[`${RICK}/${RICK}.${second}.vtt`]!)).toMatch(/^WEBVTT/)
    expect(strFromU8(files[`${CJK}/${CJK}.en.srt`]!)).toMatch(
      /^1\r?\n\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}/,
    )

    expect(manifest.kind).toBe('poix-bulk-captions')
    expect(manifest.run.outcome).toBe('complete')
    expect(manifest.run.dashboardVersion).toMatch(/^\d+\.\d+\.\d+/)
    expect(manifest.files.map((f) => f.path).sort()).toEqual(captionPaths)
    for (const f of manifest.files) {
      expect(f.bytes).toBe(files[f.path]!.byteLength)
      expect(f.url).toBe(`/api/captions/${f.videoId}?format=${f.format}&lang=${f.langRequested}&mode=default`)
      expect(['HIT', 'MISS']).toContain(f.cache)
    }
    // Nothing lost or duplicated: files and missing entries cover the 16 requests exactly once.
    const keys = [...manifest.files, ...manifest.missing].map(
      (x) => `${x.videoId}/${x.langRequested}/${x.format}`,
    )
    expect(keys).toHaveLength(16)
    expect(new Set(keys).size).toBe(16)

    // The video without captions is in the report, with the function's code and message.
    const noCaptions = report.filter((r) => r.videoId === NONE)
    expect(noCaptions.map((r) => `${r.lang}/${r.format}`).sort()).toEqual(
      ['en/srt', 'en/vtt', `${second}/srt`, `${second}/vtt`].sort(),
    )
    expect(
      noCaptions.every(
        (r) => r.outcome === 'unavailable' && r.status === '404' && r.code === 'captions_unavailable',
      ),
    ).toBe(true)
    expect(noCaptions[0]!.message).toMatch(/no captions/i)
    expect(
      report
        .filter((r) => r.videoId !== NONE)
        .map((r) => `${r.videoId}/${r.lang}`)
        .sort(),
    ).toEqual([`${ASR}/${second}`, `${ASR}/${second}`, `${CJK}/${second}`, `${CJK}/${second}`])
    expect(manifest.missing).toHaveLength(8)

    // The running cost is what the function charged, and the header's meter saw the same answers.
    expect(manifest.run.totals.costUsd).toBeGreaterThan(0)
    const cost = `$${manifest.run.totals.costUsd.toFixed(5)}`
    await expect(page.getByTestId('bulk-running-cost')).toHaveText(cost)
    await expect(page.getByTestId('session-spend')).toContainText(cost)
  })

  test('the default language of each video names its files by the language its captions are in', async ({
    page,
  }) => {
    await page.goto(`/bulk?ids=${CJK},${RTL}&formats=json,srt`)
    await expect(page.getByRole('radio', { name: 'Default language of each video' })).toBeChecked()
    await expect(page.getByTestId('bulk-plan')).toHaveText(
      '4 requests × $0.00053 = $0.00212 at most, for up to 4 files.',
    )
    const downloading = page.waitForEvent('download')
    await downloadButton(page).click()
    const { manifest, captionPaths } = await unzipDownload(await downloading)
    expect(captionPaths).toEqual(
      [
        `${CJK}/${CJK}.ja.json`,
        `${CJK}/${CJK}.ja.srt`,
        `${RTL}/${RTL}.ar.json`,
        `${RTL}/${RTL}.ar.srt`,
      ].sort(),
    )
    expect(manifest.files.every((f) => f.langRequested === null)).toBe(true)
    expect(manifest.files.find((f) => f.path.endsWith('.ar.srt'))?.url).toBe(
      `/api/captions/${RTL}?format=srt&lang=ar&mode=default`,
    )
  })

  test('priced both ways; a converted run buys one JSON track per video and writes the convertible formats from it', async ({
    page,
  }) => {
    const requested: string[] = []
    page.on('request', (r) => {
      const url = new URL(r.url())
      if (url.pathname.startsWith('/api/captions/')) requested.push(url.pathname + url.search)
    })
    await page.goto(`/bulk?ids=${RICK},${CJK}&formats=srt,vtt,srv1&langs=en`)
    await expect(page.getByTestId('bulk-both-prices')).toHaveText(
      '3 formats × 2 videos: $0.00318 exact, $0.00212 converted',
    )
    await expect(page.getByTestId('bulk-exact-only')).toContainText(
      'srv1 cannot be written from the JSON track',
    )
    await page.getByRole('radio', { name: /Converted here from each JSON track/ }).check()
    await expect(page).toHaveURL(/&files=converted$/)
    await expect(page.getByTestId('bulk-plan')).toHaveText(
      '4 requests × $0.00053 = $0.00212 at most, for up to 6 files (4 converted here, free).',
    )
    await expect(downloadButton(page).getByTestId('price')).toHaveText('$0.00212')
    const downloading = page.waitForEvent('download')
    await downloadButton(page).click()
    const { files, manifest, captionPaths } = await unzipDownload(await downloading)
    expect(captionPaths).toEqual(
      [
        `${CJK}/${CJK}.en.converted.srt`,
        `${CJK}/${CJK}.en.converted.vtt`,
        `${CJK}/${CJK}.en.srv1`,
        `${RICK}/${RICK}.en.converted.srt`,
        `${RICK}/${RICK}.en.converted.vtt`,
        `${RICK}/${RICK}.en.srv1`,
      ].sort(),
    )
    expect(requested.sort()).toEqual(
      [RICK, CJK]
        .flatMap((id) => [
          `/api/captions/${id}?format=json&lang=en&mode=default`,
          `/api/captions/${id}?format=srv1&lang=en&mode=default`,
        ])
        .sort(),
    )
    expect(strFromU8(files[`${RICK}/${RICK}.en.converted.vtt`]!)).toMatch(
      /^WEBVTT\n[\s\S]*?NOTE\nConverted by/,
    )
    const converted = (manifest.files as (ManifestFile & { source: string })[]).filter(
      (f) => f.source === 'converted',
    )
    expect(converted.map((f) => f.path).sort()).toEqual(captionPaths.filter((p) => p.includes('.converted.')))
  })

  test('stopped mid-way: the ZIP holds only the files that finished and says it was stopped', async ({
    page,
  }) => {
    // Slow every caption answer so there is time to stop half-way.
    await page.route('**/api/captions/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700))
      await route.continue().catch(() => undefined) // the request may have been aborted by Stop meanwhile
    })
    await page.goto(`/bulk?ids=${RICK},${CJK},${ASR},${RTL}&formats=srt,vtt,json&langs=en&parallel=2`)
    await expect(page.getByRole('spinbutton', { name: 'Parallel requests' })).toHaveValue('2')
    await expect(page.getByTestId('bulk-plan')).toHaveText(/^12 requests/)

    const downloading = page.waitForEvent('download')
    await downloadButton(page).click()
    await expect(progressBar(page)).toHaveAttribute('aria-valuenow', /^[3-6]$/, { timeout: 20_000 })
    await page.getByRole('button', { name: 'Stop' }).click()
    const { files, manifest, report, captionPaths } = await unzipDownload(await downloading)

    await expect(page.getByText('Bulk download stopped')).toBeVisible()
    expect(manifest.run.outcome).toBe('stopped')
    expect(manifest.run.summary).toMatch(
      /^Stopped by the researcher: this ZIP holds only the \d+ files? saved before the stop/,
    )
    // Exactly the finished files, each complete, and the rest listed as not fetched.
    expect(captionPaths.length).toBeGreaterThanOrEqual(3)
    expect(captionPaths.length).toBeLessThan(12)
    expect(manifest.files.map((f) => f.path).sort()).toEqual(captionPaths)
    for (const f of manifest.files) expect(files[f.path]!.byteLength).toBe(f.bytes)
    const notFetched = manifest.missing.filter((m) => m.outcome === 'not-fetched')
    expect(notFetched.length).toBe(12 - captionPaths.length)
    expect(manifest.run.totals.notFetched).toBe(notFetched.length)
    const keys = [...manifest.files, ...manifest.missing].map(
      (x) => `${x.videoId}/${x.langRequested}/${x.format}`,
    )
    expect(new Set(keys).size).toBe(12)
    expect(keys).toHaveLength(12)
    expect(report.filter((r) => r.outcome === 'not-fetched').every((r) => r.code === 'stopped')).toBe(true)
  })
})

test.describe('bulk caption download to a file the researcher picks', () => {
  test('the ZIP is written while requests are still running, and is complete at the end', async ({
    page,
  }) => {
    // A stand-in for the File System Access picker that records what is written and when.
    await page.addInitScript(() => {
      const w = window as unknown as { __written: number[][]; __closed: boolean; __picked?: string }
      w.__written = []
      w.__closed = false
      Object.defineProperty(window, 'showSaveFilePicker', {
        configurable: true,
        value: async (options: { suggestedName: string }) => {
          w.__picked = options.suggestedName
          return {
            createWritable: async () =>
              new WritableStream<Uint8Array>({
                write: (chunk) => void w.__written.push(Array.from(chunk)),
                close: () => void (w.__closed = true),
              }),
          }
        },
      })
    })
    await page.route('**/api/captions/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600))
      await route.continue().catch(() => undefined)
    })
    await page.goto(`/bulk?ids=${RICK},${CJK}&formats=srt,vtt&langs=en&parallel=1`)
    await expect(page.getByRole('radio', { name: /To a file I choose/ })).toBeChecked()
    await downloadButton(page).click()

    const written = () =>
      page.evaluate(() => (window as unknown as { __written: number[][] }).__written.length)
    await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '2', { timeout: 20_000 })
    expect(await written()).toBeGreaterThan(0) // the first files are on disk before the last request is made
    await expect(page.getByText('Bulk download complete')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByText(/^Saved to captions-bulk-.*\.zip/)).toBeVisible()

    const { bytes, closed, picked } = await page.evaluate(() => {
      const w = window as unknown as { __written: number[][]; __closed: boolean; __picked: string }
      return { bytes: w.__written.flat(), closed: w.__closed, picked: w.__picked }
    })
    expect(closed).toBe(true)
    expect(picked).toMatch(/^captions-bulk-.*\.zip$/)
    const files = readZip(new Uint8Array(bytes))
    expect(Object.keys(files).sort()).toEqual(
      [
        `${CJK}/${CJK}.en.srt`,
        `${CJK}/${CJK}.en.vtt`,
        `${RICK}/${RICK}.en.srt`,
        `${RICK}/${RICK}.en.vtt`,
        'manifest.json',
        'report.csv',
        'report.json',
      ].sort(),
    )
    expect((JSON.parse(strFromU8(files['manifest.json']!)) as Manifest).run.outcome).toBe('complete')
  })
})
