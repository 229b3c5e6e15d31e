/**
 * Lighthouse 12 (desktop preset, simulated throttling) on every route of the production server on demo data:
 * performance and accessibility scores, with the audits that cost points. One headless Chromium for all routes.
 * docs/decisions/0093-bench-bundle-and-lighthouse.md
 */
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { desktopConfig, type Result } from 'lighthouse'
import { ANCHOR_CHANNEL, ANCHOR_COMMENT_ID, ANCHOR_VIDEO_ID, PARIS } from '#simulator/data/anchors.ts'
import type { ChildServer } from '../lib/processes.ts'
import { ms, within, type PartOutcome, type Row } from '../lib/report.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './transcript.ts'

const LIGHTHOUSE_ROUTES: { name: string; path: string }[] = [
  { name: 'home', path: '/' },
  { name: 'search (map)', path: `/search?location=${PARIS.lat},${PARIS.lng}&radius=25&unit=km` },
  { name: 'popular', path: '/popular' },
  { name: 'channels', path: '/channels' },
  { name: 'channel', path: `/channels/${ANCHOR_CHANNEL.customUrl}` },
  { name: 'replies', path: `/replies/${ANCHOR_COMMENT_ID}` },
  { name: 'videos', path: '/videos' },
  { name: 'captions', path: `/videos/${ANCHOR_VIDEO_ID}` },
  { name: 'bulk', path: '/bulk' },
  { name: 'spend', path: '/spend' },
]
const ROUTE_LIMIT_MS = 120_000
const TARGET_PERFORMANCE = 0.95
const TARGET_ACCESSIBILITY = 1

type RouteScore = {
  name: string
  path: string
  performance: number | null
  accessibility: number | null
  metrics: Record<string, number | undefined>
  /** Accessibility audits that failed (score < 1). */
  accessibilityIssues: string[]
  /** Performance audits with the lowest scores, for a start on what to fix. */
  performanceHints: string[]
  error?: string
}

/** One Lighthouse run; a failed trace (NO_NAVSTART and the like, frequent on a loaded machine) is retried once. */
async function audit(url: string, port: number, attempt = 1): Promise<Result> {
  try {
    const result = await within(`Lighthouse on ${url}`, ROUTE_LIMIT_MS, () =>
      lighthouse(
        url,
        { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
        desktopConfig,
      ),
    )
    const lhr = result?.lhr
    if (!lhr) throw new Error('Lighthouse returned no result')
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`)
    return lhr
  } catch (e) {
    if (attempt >= 2) throw e
    return audit(url, port, attempt + 1)
  }
}

export async function runLighthouse(server: ChildServer, log: (line: string) => void): Promise<PartOutcome> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
    logLevel: 'silent',
  })
  const scores: RouteScore[] = []
  try {
    for (const route of LIGHTHOUSE_ROUTES) {
      const url = `${server.origin}${route.path}`
      try {
        const lhr = await audit(url, chrome.port)
        const failing = (category: string) =>
          (lhr.categories[category]?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0)
            .map((ref) => lhr.audits[ref.id]!)
            .filter((a) => a.score !== null && a.score < 1)
            .sort((a, b) => (a.score ?? 0) - (b.score ?? 0))
            .map((a) => `${a.id}${a.score !== null ? ` (${a.score.toFixed(2)})` : ''}`)
        const metric = (id: string) => lhr.audits[id]?.numericValue
        const score: RouteScore = {
          ...route,
          performance: lhr.categories.performance?.score ?? null,
          accessibility: lhr.categories.accessibility?.score ?? null,
          metrics: {
            fcpMs: metric('first-contentful-paint'),
            lcpMs: metric('largest-contentful-paint'),
            tbtMs: metric('total-blocking-time'),
            cls: metric('cumulative-layout-shift'),
          },
          accessibilityIssues: failing('accessibility'),
          performanceHints: failing('performance').slice(0, 4),
        }
        log(
          `  ${route.name.padEnd(13)} performance ${score.performance?.toFixed(2)}, accessibility ${score.accessibility?.toFixed(2)}${score.accessibilityIssues.length ? ` — ${score.accessibilityIssues.join(', ')}` : ''}`,
        )
        scores.push(score)
      } catch (e) {
        const error = e instanceof Error ? e.message : String(e)
        log(`  ${route.name}: ${error}`)
        scores.push({
          ...route,
          performance: null,
          accessibility: null,
          metrics: {},
          accessibilityIssues: [],
          performanceHints: [],
          error,
        })
      }
    }
  } finally {
    chrome.kill()
  }
  return {
    rows: scores.flatMap(rowsOf),
    data: { preset: 'desktop (simulated throttling)', lighthouse: '12', routes: scores },
  }
}

function rowsOf(s: RouteScore): Row[] {
  if (s.error)
    return [
      {
        part: 'lighthouse',
        measure: `${s.name}: could not run (twice)`,
        value: s.error.split(':')[0]!.slice(0, 80),
        met: false,
      },
    ]
  const m = s.metrics
  return [
    {
      part: 'lighthouse',
      measure: `${s.name}: performance`,
      value: s.performance?.toFixed(2) ?? '—',
      compare: `LCP ${ms(m.lcpMs ?? NaN)}, TBT ${ms(m.tbtMs ?? NaN)}, CLS ${m.cls?.toFixed(3) ?? '—'}`,
      target: `≥ ${TARGET_PERFORMANCE}`,
      met: (s.performance ?? 0) >= TARGET_PERFORMANCE,
    },
    {
      part: 'lighthouse',
      measure: `${s.name}: accessibility`,
      value: s.accessibility?.toFixed(2) ?? '—',
      compare: s.accessibilityIssues.length ? `fails: ${s.accessibilityIssues.join(', ')}` : undefined,
      target: `${TARGET_ACCESSIBILITY.toFixed(1)}`,
      met: (s.accessibility ?? 0) >= TARGET_ACCESSIBILITY,
    },
  ]
}
