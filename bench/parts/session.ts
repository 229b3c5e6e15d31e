/**
 * Session: a scripted research session, done in the real SPA in Chromium against the production server on demo
 * data, as a researcher would click it: a search → 5 videos opened → each one's captions in 4 formats → a bulk ZIP of
 * 50 videos in the same 4 formats → a channel page → a reply thread. Paid calls and dollars come from the ledger
 * (GET /api/spend) before and after, so what the SPA asked for is what is counted. Then the same session again in a
 * new browser profile (the function's cache warm, the browser's cold): it must cost $0.
 * docs/decisions/0091-bench-overhead-and-money.md
 */
import { chromium, type Browser, type Locator, type Page } from '@playwright/test'
import type { SpendReport } from '#server/spend/ledger.ts'
import { ANCHOR_COMMENT_ID, PARIS } from '#simulator/data/anchors.ts'
import { count, usd, type PartOutcome, type Row } from '../lib/report.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './transcript.ts'

const VIDEOS = 5
const BULK_VIDEOS = 50
const FORMATS = ['srt', 'vtt', 'ttml', 'text'] as const
const FORMAT_BUTTON: Record<(typeof FORMATS)[number], string> = {
  srt: 'SRT',
  vtt: 'WebVTT',
  ttml: 'TTML',
  text: 'Text',
}

type SessionTotals = { paidCalls: number; spentUsd: number; byOperation: Record<string, number> }
export type SessionRun = SessionTotals & { downloads: number; seconds: number }

async function ledger(origin: string): Promise<SessionTotals> {
  const res = await fetch(`${origin}/api/spend?limit=1`)
  if (!res.ok) throw new Error(`GET /api/spend answered ${res.status}`)
  const report = (await res.json()) as SpendReport & {
    byOperation?: { operation: string; paidCalls: number }[]
  }
  const byOperation: Record<string, number> = {}
  for (const row of report.byOperation ?? []) byOperation[row.operation] = row.paidCalls
  return { paidCalls: report.totals.paidCalls, spentUsd: report.totals.spentUsd, byOperation }
}

/** A view that waits for a priced press before it pays on opening gets it (the researcher accepts the price shown). */
async function acceptOpening(page: Page, opened: Locator): Promise<void> {
  const gate = page.getByRole('button', { name: /^(Open|Compare)\b.*(\$|free)/ }).first()
  await gate.or(opened).first().waitFor()
  if (await gate.isVisible()) await gate.click()
  await opened.first().waitFor()
}

/** The one-format download for `format`: a free conversion where the view offers one, else the service's file. */
async function downloadOne(page: Page, format: (typeof FORMATS)[number]): Promise<void> {
  const label = FORMAT_BUTTON[format]
  const converted = page.getByRole('button', {
    name: new RegExp(`^(Download |Save )?${label}\\b.*convert`, 'i'),
  })
  const exact = page
    .getByRole('group', { name: 'Download one format' })
    .getByRole('button', { name: new RegExp(`^Download ${label}\\b`) })
  const button = (await converted.count()) > 0 ? converted.first() : exact.first()
  const download = page.waitForEvent('download', { timeout: 30_000 })
  await button.click()
  await download
}

async function session(browser: Browser, origin: string, log: (line: string) => void): Promise<number> {
  const context = await browser.newContext({ acceptDownloads: true, baseURL: origin })
  await context.addInitScript(() =>
    Object.defineProperty(window, 'showSaveFilePicker', { value: undefined, configurable: true }),
  )
  await context.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => route.abort('blockedbyclient'),
  )
  const page = await context.newPage()
  page.setDefaultTimeout(60_000)
  let downloads = 0
  try {
    await page.goto(`/search?location=${PARIS.lat},${PARIS.lng}&radius=25&unit=km`)
    await page.getByRole('button', { name: /^Search\s*·?\s*(\$|cached)/ }).click()
    await page.locator('article h3 a[href^="/videos/"]').first().waitFor()
    // The page the view just bought, read again from the function's cache (a free hit): its ids in result order.
    const res = await fetch(
      `${origin}/api/search?location=${PARIS.lat},${PARIS.lng}&locationRadius=25km&type=video`,
    )
    const ids = ((await res.json()) as { data: { videoId: string }[] }).data.map((v) => v.videoId)
    if (res.headers.get('X-Cache') !== 'HIT')
      throw new Error('the search the view made was not the one read back')
    log(`    search: ${ids.length} results on the first page`)

    let opened = 0
    for (const id of ids) {
      if (opened === VIDEOS) break
      await page.goto(`/videos/${id}`)
      const cues = page.getByRole('list', { name: 'Transcript cues' })
      const none = page.getByRole('main').getByRole('alert') // unavailable, or a failure
      await acceptOpening(page, cues.or(none))
      if (!(await cues.isVisible())) continue
      opened++
      for (const format of FORMATS) {
        await downloadOne(page, format)
        downloads++
      }
    }
    if (opened < VIDEOS) throw new Error(`only ${opened} videos with captions among ${ids.length}`)

    await page.goto(`/bulk?ids=${ids.slice(0, BULK_VIDEOS).join(',')}`)
    for (const f of FORMATS) await page.getByRole('checkbox', { name: f, exact: true }).check()
    const converted = page.getByRole('radio', { name: /convert/i }).first()
    if (await converted.isVisible().catch(() => false)) await converted.check()
    const zip = page.waitForEvent('download', { timeout: 240_000 })
    await page.getByRole('button', { name: /^Download ZIP/ }).click()
    await zip
    downloads++
    await page.getByText(/Bulk download (complete|finished|done)/).waitFor({ timeout: 240_000 })

    await page.goto(`/search?location=${PARIS.lat},${PARIS.lng}&radius=25&unit=km`)
    const channel = page.locator('article a[href^="/channels/"]').first()
    await channel.waitFor()
    await channel.click()
    await acceptOpening(page, page.getByRole('heading', { level: 2 }))
    await page.waitForLoadState('networkidle')

    await page.goto(`/replies/${ANCHOR_COMMENT_ID}`)
    await acceptOpening(page, page.getByRole('article'))
    await page.waitForLoadState('networkidle')
  } finally {
    await context.close()
  }
  return downloads
}

export async function runSessionTwice(origin: string, log: (line: string) => void): Promise<SessionRun[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const runs: SessionRun[] = []
    for (const name of ['first', 'second']) {
      const before = await ledger(origin)
      const started = performance.now()
      const downloads = await session(browser, origin, log)
      const after = await ledger(origin)
      const byOperation: Record<string, number> = {}
      for (const [op, n] of Object.entries(after.byOperation))
        if (n - (before.byOperation[op] ?? 0)) byOperation[op] = n - (before.byOperation[op] ?? 0)
      const run = {
        paidCalls: after.paidCalls - before.paidCalls,
        spentUsd: Math.round((after.spentUsd - before.spentUsd) * 1e5) / 1e5,
        byOperation,
        downloads,
        seconds: (performance.now() - started) / 1000,
      }
      log(
        `  ${name} session: ${run.paidCalls} paid calls, ${usd(run.spentUsd)}, ${downloads} downloads, ${run.seconds.toFixed(0)} s; ${JSON.stringify(byOperation)}`,
      )
      runs.push(run)
    }
    return runs
  } finally {
    await browser.close()
  }
}

export async function runSession(origin: string, log: (line: string) => void): Promise<PartOutcome> {
  const [first, second] = await runSessionTwice(origin, log)
  const rows: Row[] = [
    {
      part: 'session',
      measure: `research session in Chromium: paid calls (${VIDEOS} videos × ${FORMATS.length} formats, bulk ${BULK_VIDEOS} × ${FORMATS.length})`,
      value: count(first!.paidCalls),
      compare: Object.entries(first!.byOperation)
        .map(([op, n]) => `${op} ${n}`)
        .join(', '),
    },
    { part: 'session', measure: 'research session: dollars (ledger)', value: usd(first!.spentUsd) },
    {
      part: 'session',
      measure: 'same session again, new browser profile: paid calls / dollars',
      value: `${count(second!.paidCalls)} / ${usd(second!.spentUsd)}`,
      target: '$0',
      met: second!.paidCalls === 0 && second!.spentUsd === 0,
    },
  ]
  return { rows, data: { first, second, session: { videos: VIDEOS, bulk: BULK_VIDEOS, formats: FORMATS } } }
}
