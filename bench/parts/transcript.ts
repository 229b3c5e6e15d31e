/**
 * Transcript: a 10,000-cue track in real Chromium, in the caption view (/videos/:videoId on the production
 * server, the track answered by page.route) and in a plain non-virtualised list (the baseline): time to first
 * render, main-thread time per cue change while playing at 2×, and memory.
 * docs/decisions/0092-bench-transcript.md
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from '@playwright/test'
import { LONG_VIDEO_ID } from '#simulator/data/anchors.ts'
import type { ChildServer } from '../lib/processes.ts'
import { mb, median, ms, percentile, ratio, type PartOutcome, type Row } from '../lib/report.ts'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
/** Only 127.0.0.1 resolves: nothing the pages ask for leaves the machine. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
]

const CUES = 10_000
/** Seconds per cue; cues touch (no gaps), so each boundary is exactly one cue change. */
const CUE_SECONDS = 1.5
const PLAY_MS = 15_000
const LOADS = 3
const TARGET_FIRST_RENDER_MS = 150
const TARGET_CUE_CHANGE_MS = 4
const BASELINE_PATH = '/__bench/transcript-baseline.html'
const TRACK_PATH = '/__bench/track.json'
/** Plain JS, not TypeScript: tsx would wrap its named functions in helpers that do not exist in the page. */
const HARNESS_PATH = fileURLToPath(new URL('./transcript-harness.js', import.meta.url))

const WORDS =
  'the a map river city people walk market morning light street train station coffee rain music voice window bridge garden old new quiet busy night story road'.split(
    ' ',
  )

/** A deterministic 10,000-cue track (about 4 h 10 min), shaped like the service's JSON captions. */
function makeTrack(): {
  text: string
  offset: number
  duration: number
  lang: string
  wordCount: number
  speechRate: number
}[] {
  let seed = 20261122
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
  return Array.from({ length: CUES }, (_, i) => {
    const words = Array.from(
      { length: 4 + Math.floor(next() * 9) },
      () => WORDS[Math.floor(next() * WORDS.length)]!,
    )
    return {
      text: words.join(' '),
      offset: Number((i * CUE_SECONDS).toFixed(3)),
      duration: CUE_SECONDS,
      lang: 'en',
      wordCount: words.length,
      speechRate: Number(((words.length / CUE_SECONDS) * 60).toFixed(1)),
    }
  })
}

type Frame = { work: number; scrollBefore: number; changed: boolean }
/** What bench/parts/transcript-harness.js adds to the page. */
type BenchWindow = Window & {
  __bench: { firstCueAt: number; firstPaintAt: number; pendingScroll: number }
  __benchRecord: (ms: number) => Promise<Frame[]>
  __benchRecording?: Promise<Frame[]>
}

type Measured = {
  /** Track answer received → first cue painted, per load. */
  renderMs: number[]
  /** Navigation start → first cue painted, per load. */
  fromNavigationMs: number[]
  /** Cue-change frame + the scroll handling and frame after it, per cue change. */
  cueChangeMs: number[]
  ordinaryFrameMs: number[]
  busyShare: number
  heapAfterRender: number
  heapAfterPlaying: number
  domNodes: number
}

async function metrics(cdp: CDPSession, gc: boolean): Promise<Record<string, number>> {
  if (gc) await cdp.send('HeapProfiler.collectGarbage')
  const { metrics: list } = await cdp.send('Performance.getMetrics')
  return Object.fromEntries(list.map((m) => [m.name, m.value]))
}

async function load(
  page: Page,
  url: string,
  trackPath: string,
): Promise<{ render: number; fromNavigation: number }> {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await page.goto(url)
  try {
    await page.waitForFunction(
      () => (window as unknown as BenchWindow).__bench?.firstPaintAt > 0,
      undefined,
      { timeout: 90_000 },
    )
  } catch (e) {
    const seen = await page.evaluate(() => ({
      bench: (window as unknown as BenchWindow).__bench,
      cues: document.querySelectorAll('[role="listitem"], .cue').length,
      text: document.body.innerText.slice(0, 300),
    }))
    throw new Error(
      `${url}: the first cue was not painted within 90 s (${JSON.stringify(seen)}; page errors: ${errors.join(' | ') || 'none'})`,
      { cause: e },
    )
  }
  return page.evaluate((path) => {
    const bench = (window as unknown as BenchWindow).__bench
    const entry = performance.getEntriesByType('resource').find((e) => e.name.includes(path)) as
      PerformanceResourceTiming | undefined
    if (!entry) throw new Error(`no resource timing for ${path}`)
    return { render: bench.firstPaintAt - entry.responseEnd, fromNavigation: bench.firstPaintAt }
  }, trackPath)
}

/** Each load in a fresh context: the SPA persists its query cache in IndexedDB, a first visit has none. */
async function measure(
  openContext: () => Promise<BrowserContext>,
  opts: { url: string; trackPath: string; listSelector: string; startPlaying: (page: Page) => Promise<void> },
): Promise<Measured> {
  const renderMs: number[] = []
  const fromNavigationMs: number[] = []
  let context: BrowserContext | undefined
  let page: Page | undefined
  for (let i = 0; i < LOADS; i++) {
    await context?.close()
    context = await openContext()
    page = await context.newPage()
    await page.addInitScript({ content: `window.__benchListSelector = ${JSON.stringify(opts.listSelector)}` })
    // The studio opens by itself (docs/decisions/0136): this part measures the transcript, not the approval gate.
    await page.addInitScript({ content: `localStorage.setItem('poix.approve-opens-up-to-usd', '1000')` })
    await page.addInitScript({ path: HARNESS_PATH })
    const r = await load(page, opts.url, opts.trackPath)
    renderMs.push(r.render)
    fromNavigationMs.push(r.fromNavigation)
  }
  const cdp = await context!.newCDPSession(page!)
  await cdp.send('Performance.enable')
  const afterRender = await metrics(cdp, true)
  await page!.evaluate((d) => {
    const w = window as unknown as BenchWindow
    w.__benchRecording = w.__benchRecord(d)
  }, PLAY_MS)
  const before = await metrics(cdp, false)
  await opts.startPlaying(page!)
  const frames = await page!.evaluate(() => (window as unknown as BenchWindow).__benchRecording!)
  const after = await metrics(cdp, false)
  const afterPlaying = await metrics(cdp, true)
  await context!.close()

  const cueChangeMs: number[] = []
  const ordinaryFrameMs: number[] = []
  frames.forEach((f, i) => {
    const next = frames[i + 1]
    if (f.changed && next) cueChangeMs.push(f.work + next.scrollBefore + next.work)
    else if (!f.changed && !frames[i - 1]?.changed) ordinaryFrameMs.push(f.work + f.scrollBefore)
  })
  if (cueChangeMs.length < 5)
    throw new Error(
      `only ${cueChangeMs.length} cue changes were seen while playing ${PLAY_MS / 1000} s at 2× (${frames.length} frames)`,
    )
  const wall = after.Timestamp! - before.Timestamp! || PLAY_MS / 1000
  return {
    renderMs,
    fromNavigationMs,
    cueChangeMs,
    ordinaryFrameMs,
    busyShare: (after.TaskDuration! - before.TaskDuration!) / wall,
    heapAfterRender: afterRender.JSHeapUsedSize!,
    heapAfterPlaying: afterPlaying.JSHeapUsedSize!,
    domNodes: afterPlaying.Nodes!,
  }
}

export async function runTranscript(server: ChildServer, log: (line: string) => void): Promise<PartOutcome> {
  const track = JSON.stringify(makeTrack())
  const baselineHtml = readFileSync(new URL('./transcript-baseline.html', import.meta.url), 'utf8')
  let browser: Browser | undefined
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
    const json = {
      status: 200,
      contentType: 'application/json; charset=utf-8',
      headers: { 'X-Cost-USD': '0', 'X-Cache': 'HIT' },
      body: track,
    }
    const b = browser
    const openContext = async () => {
      const context = await b.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' })
      // The caption view's JSON track (not downloads) is the 10,000-cue one; the rest comes from the server.
      await context.route(
        (url) =>
          url.pathname === `/api/captions/${LONG_VIDEO_ID}` &&
          !url.searchParams.has('download') &&
          (url.searchParams.get('format') ?? 'json') === 'json',
        (route) => route.fulfill(json),
      )
      await context.route(
        (url) => url.pathname === TRACK_PATH,
        (route) => route.fulfill(json),
      )
      await context.route(
        (url) => url.pathname === BASELINE_PATH,
        (route) =>
          route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: baselineHtml }),
      )
      return context
    }

    log('  caption view…')
    const view = await measure(openContext, {
      url: `${server.origin}/videos/${LONG_VIDEO_ID}`,
      trackPath: `/api/captions/${LONG_VIDEO_ID}`,
      listSelector: '[data-testid="transcript-scroll"] [role="listitem"][data-index]',
      startPlaying: async (page) => {
        await page.getByLabel('Speed').selectOption('2')
        await page.getByRole('button', { name: 'Play', exact: true }).click()
      },
    })
    log('  plain list (baseline)…')
    const plain = await measure(openContext, {
      url: `${server.origin}${BASELINE_PATH}`,
      trackPath: TRACK_PATH,
      listSelector: '#list .cue[data-index]',
      startPlaying: (page) => page.getByRole('button', { name: 'Play' }).click(),
    })
    const version = browser.version()
    return {
      rows: rowsOf(view, plain),
      data: {
        cues: CUES,
        cueSeconds: CUE_SECONDS,
        playSeconds: PLAY_MS / 1000,
        loads: LOADS,
        chromium: version,
        reducedMotion: true,
        view,
        plain,
      },
    }
  } finally {
    await browser?.close()
  }
}

function rowsOf(view: Measured, plain: Measured): Row[] {
  const render = median(view.renderMs)
  const change50 = median(view.cueChangeMs)
  const change95 = percentile(view.cueChangeMs, 95)
  return [
    {
      part: 'transcript',
      measure: `first render, track received → cues painted (median of ${LOADS})`,
      value: ms(render),
      compare: `${ms(median(plain.renderMs))} plain list`,
      ratio: ratio(render, median(plain.renderMs)),
      target: `< ${TARGET_FIRST_RENDER_MS} ms`,
      met: render < TARGET_FIRST_RENDER_MS,
    },
    {
      part: 'transcript',
      measure: 'first render from navigation start (median)',
      value: ms(median(view.fromNavigationMs)),
      compare: `${ms(median(plain.fromNavigationMs))} plain list`,
      ratio: ratio(median(view.fromNavigationMs), median(plain.fromNavigationMs)),
    },
    {
      part: 'transcript',
      measure: `cue change at 2×, p50 (${view.cueChangeMs.length} changes)`,
      value: ms(change50),
      compare: `${ms(median(plain.cueChangeMs))} plain list`,
      ratio: ratio(change50, median(plain.cueChangeMs)),
      target: `< ${TARGET_CUE_CHANGE_MS} ms`,
      met: change50 < TARGET_CUE_CHANGE_MS,
    },
    {
      part: 'transcript',
      measure: 'cue change at 2×, p95',
      value: ms(change95),
      compare: `${ms(percentile(plain.cueChangeMs, 95))} plain list`,
      ratio: ratio(change95, percentile(plain.cueChangeMs, 95)),
    },
    {
      part: 'transcript',
      measure: 'ordinary frame while playing, p50',
      value: ms(median(view.ordinaryFrameMs)),
      compare: `${ms(median(plain.ordinaryFrameMs))} plain list`,
    },
    {
      part: 'transcript',
      measure: 'main thread busy while playing',
      value: `${(view.busyShare * 100).toFixed(1)}%`,
      compare: `${(plain.busyShare * 100).toFixed(1)}% plain list`,
      ratio: ratio(view.busyShare, plain.busyShare),
    },
    {
      part: 'transcript',
      measure: 'JS heap after render (after GC)',
      value: mb(view.heapAfterRender),
      compare: `${mb(plain.heapAfterRender)} plain list`,
      ratio: ratio(view.heapAfterRender, plain.heapAfterRender),
    },
    {
      part: 'transcript',
      measure: 'JS heap after playing (after GC)',
      value: mb(view.heapAfterPlaying),
      compare: `${mb(plain.heapAfterPlaying)} plain list`,
      ratio: ratio(view.heapAfterPlaying, plain.heapAfterPlaying),
    },
    {
      part: 'transcript',
      measure: 'DOM nodes',
      value: view.domNodes.toLocaleString('en-US'),
      compare: `${plain.domNodes.toLocaleString('en-US')} plain list`,
      ratio: ratio(view.domNodes, plain.domNodes),
    },
  ]
}
