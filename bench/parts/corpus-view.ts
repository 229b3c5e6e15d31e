/**
 * Collection view: /collections/:id in real Chromium on the production server, its detail answered by
 * page.route with a generated collection of 10,000 videos: time from the answer's last byte to the first
 * video painted (median of 3 fresh loads), and how many of the 10,000 titles are in the DOM (virtualised).
 * docs/decisions/0150-bench-collect-and-view.md
 */
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type Page } from '@playwright/test'
import type { ChildServer } from '../lib/processes.ts'
import { count, median, ms, type PartOutcome, type Row } from '../lib/report.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './transcript.ts'

const VIDEOS = 10_000
const LOADS = 3
const TARGET_FIRST_RENDER_MS = 200
const VIEW_COLLECTION_ID = 'c_benchview'
const DETAIL_PATH = `/api/collections/${VIEW_COLLECTION_ID}`
const HARNESS_PATH = fileURLToPath(new URL('./corpus-view-harness.js', import.meta.url))
export const viewVideoTitle = (i: number) => `Bench video ${String(i).padStart(5, '0')}`

/** A CollectionDetail (contract/collections.ts) of `videos` collected videos, deterministic. */
export function makeCollectionDetail(videos = VIDEOS) {
  const at = Date.UTC(2026, 10, 20)
  const summary = {
    id: VIEW_COLLECTION_ID,
    name: 'Bench: 10,000 videos',
    description: 'Generated for the collection view benchmark.',
    lang: null,
    mode: 'default',
    createdAt: at,
    updatedAt: at,
    videoCount: videos,
    tracks: { wanted: 0, collected: videos, unavailable: 0, failed: 0 },
    costUsd: Number((videos * 0.00053).toFixed(5)),
    source: { kind: 'demo', name: 'Demo data' },
  }
  return {
    ...summary,
    videos: Array.from({ length: videos }, (_, i) => ({
      videoId: `bv${i.toString(36).padStart(9, '0')}`,
      position: i,
      title: viewVideoTitle(i),
      channelId: `UC${String(i % 97).padStart(22, '0')}`,
      channelTitle: `Channel ${i % 97}`,
      publishedAt: new Date(at - i * 3_600_000).toISOString(),
      foundBy: [
        { kind: 'search', label: 'Search: metro', query: { q: 'metro' }, url: '/search?q=metro', at },
      ],
      addedAt: at,
      track: { state: 'collected', lang: 'en', cueCount: 600 + ((i * 37) % 800), failure: null },
    })),
    job: null,
  }
}

type BenchWindow = Window & { __bench: { firstRowAt: number; firstPaintAt: number } }

async function loadOnce(
  page: Page,
  url: string,
): Promise<{ render: number; fromNavigation: number; rows: number }> {
  await page.goto(url)
  try {
    await page.waitForFunction(
      () => (window as unknown as BenchWindow).__bench?.firstPaintAt > 0,
      undefined,
      {
        timeout: 30_000,
      },
    )
  } catch (e) {
    const text = await page.evaluate(() => document.body.innerText.slice(0, 300))
    throw new Error(
      `${url}: no video of the collection was painted within 30 s — is corpus-ui's /collections/:id in this build? Page: ${JSON.stringify(text)}`,
      { cause: e },
    )
  }
  return page.evaluate(
    ({ path }) => {
      const bench = (window as unknown as BenchWindow).__bench
      const entry = performance
        .getEntriesByType('resource')
        .find((e) => new URL(e.name).pathname === path) as PerformanceResourceTiming | undefined
      if (!entry) throw new Error(`no resource timing for ${path}`)
      const rows = document.evaluate(
        "count(//*[starts-with(normalize-space(text()), 'Bench video ')])",
        document,
        null,
        XPathResult.NUMBER_TYPE,
      ).numberValue
      return { render: bench.firstPaintAt - entry.responseEnd, fromNavigation: bench.firstPaintAt, rows }
    },
    { path: DETAIL_PATH },
  )
}

export async function runCorpusView(server: ChildServer, log: (line: string) => void): Promise<PartOutcome> {
  const body = JSON.stringify(makeCollectionDetail())
  let browser: Browser | undefined
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
    const loads: { render: number; fromNavigation: number; rows: number }[] = []
    for (let i = 0; i < LOADS; i++) {
      // A fresh context each time: the SPA keeps its query cache in IndexedDB, a first visit has none.
      const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        reducedMotion: 'reduce',
      })
      try {
        await context.route(
          (url) => url.pathname === DETAIL_PATH,
          (route) => route.fulfill({ status: 200, contentType: 'application/json; charset=utf-8', body }),
        )
        const page = await context.newPage()
        await page.addInitScript({
          content: `window.__benchFirstTitle = ${JSON.stringify(viewVideoTitle(0))}`,
        })
        // Paid requests open by themselves (docs/decisions/0136): this part measures the list, not the approval gate.
        await page.addInitScript({ content: `localStorage.setItem('poix.approve-opens-up-to-usd', '1000')` })
        await page.addInitScript({ path: HARNESS_PATH })
        loads.push(await loadOnce(page, `${server.origin}/collections/${VIEW_COLLECTION_ID}`))
      } finally {
        await context.close()
      }
    }
    const render = median(loads.map((l) => l.render))
    const rows = Math.max(...loads.map((l) => l.rows))
    log(`  first render ${loads.map((l) => ms(l.render)).join(', ')}; ${rows} titles in the DOM`)
    const part = 'collection-view'
    const table: Row[] = [
      {
        part,
        measure: `first render, detail received → first video painted (median of ${LOADS})`,
        value: ms(render),
        compare: `${count(VIDEOS)} videos, ${(body.length / 1024 / 1024).toFixed(1)} MB of JSON`,
        target: `< ${TARGET_FIRST_RENDER_MS} ms`,
        met: render < TARGET_FIRST_RENDER_MS,
      },
      {
        part,
        measure: 'first render from navigation start (median)',
        value: ms(median(loads.map((l) => l.fromNavigation))),
      },
      {
        part,
        measure: 'video titles in the DOM',
        value: count(rows),
        compare: `of ${count(VIDEOS)}`,
        target: 'virtualised (< 1,000)',
        met: rows < 1000,
      },
    ]
    return { rows: table, data: { videos: VIDEOS, loads, chromium: browser.version() } }
  } finally {
    await browser?.close()
  }
}
