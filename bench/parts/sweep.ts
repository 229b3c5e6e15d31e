/**
 * Area sweep: each cover fixture's circles against its own ideal (sweep-cover.ts); then the Paris fixture swept on demo data through the function (in-process, memory storage, a
 * fresh cache for each plan) at 2, 5 and 10 km, first page only and every page: circles, pages bought, dollars,
 * unique videos and the share of videos found by more than one circle. Then one plan again: it must pay $0.
 */
import { addUsd } from '#contract/prices.ts'
import { SearchPage } from '#contract/schemas.ts'
import { planCover } from '#lib/area/cover.ts'
import { PARIS } from '#lib/area/fixtures/paris.ts'
import { mergeSweep } from '#features/search/sweep/lib/merge-sweep.ts'
import { circlePagePath } from '#features/search/sweep/lib/sweep-fetch.ts'
import { runSweep, type FetchPage } from '#features/search/sweep/lib/sweep-runner.ts'
import type { SweepDepth } from '#features/search/sweep/lib/sweep-plan.ts'
import { loadConfig } from '#server/config.ts'
import { createRuntime } from '#server/runtime.ts'
import type { SpendReport } from '#server/spend/ledger.ts'
import { count, usd, type PartOutcome, type Row } from '../lib/report.ts'
import { coverFigures, coverRows } from './sweep-cover.ts'

const RADII_KM = [2, 5, 10] as const
const DEPTHS: { name: string; depth: SweepDepth }[] = [
  { name: 'first page only', depth: { kind: 'first' } },
  { name: 'every page', depth: { kind: 'all' } },
]
/** High enough never to cap these plans: the figures are what the whole plan costs. */
const MAX_USD = 50

type App = { fetch(request: Request): Response | Promise<Response> }

type SweepFigures = {
  radiusKm: number
  depth: string
  circles: number
  pages: number
  /** Sum of the receipts (X-Cost-USD). */
  dollars: number
  /** The function's ledger over the same run. */
  ledgerDollars: number
  ledgerPaidCalls: number
  uniqueVideos: number
  sightings: number
  byMoreThanOne: number
  shareByMoreThanOne: number
  status: string
}

function pageFetcher(app: App): FetchPage {
  return async (circle, token) => {
    const res = await app.fetch(new Request(`http://127.0.0.1${circlePagePath(circle, token)}`))
    if (!res.ok)
      throw new Error(`GET ${circlePagePath(circle, token)} answered ${res.status}: ${await res.text()}`)
    const page = SearchPage.parse(await res.json())
    return {
      videos: page.data,
      nextPageToken: page.nextPageToken || undefined,
      costUsd: Number(res.headers.get('X-Cost-USD') ?? '0') || 0,
      cached: res.headers.get('X-Cache') === 'HIT',
    }
  }
}

async function ledger(app: App): Promise<SpendReport['totals']> {
  const res = await app.fetch(new Request('http://127.0.0.1/api/spend?limit=1'))
  if (!res.ok) throw new Error(`GET /api/spend answered ${res.status}`)
  return ((await res.json()) as SpendReport).totals
}

async function sweepOnce(app: App, radiusKm: number, name: string, depth: SweepDepth): Promise<SweepFigures> {
  const cover = planCover({ shapes: { type: 'MultiPolygon', coordinates: [PARIS.coordinates] } }, radiusKm)
  if (!cover.ok) throw new Error(`no cover of Paris at ${radiusKm} km: ${JSON.stringify(cover)}`)
  const before = await ledger(app)
  const { status, progress } = await runSweep({
    key: `paris-${radiusKm}-${name}`,
    circles: cover.circles,
    depth,
    fetchPage: pageFetcher(app),
    maxUsd: MAX_USD,
  })
  const after = await ledger(app)
  const merged = mergeSweep(cover.circles, progress)
  const byMoreThanOne = merged.rows.filter((r) => r.circles.length > 1).length
  return {
    radiusKm,
    depth: name,
    circles: cover.circles.length,
    pages: Object.values(progress.circles).reduce((n, c) => n + c.pagesDone, 0),
    dollars: progress.spentUsd,
    ledgerDollars: addUsd(after.spentUsd, -before.spentUsd),
    ledgerPaidCalls: after.paidCalls - before.paidCalls,
    uniqueVideos: merged.rows.length,
    sightings: merged.rows.length + merged.duplicates,
    byMoreThanOne,
    shareByMoreThanOne: merged.rows.length ? byMoreThanOne / merged.rows.length : 0,
    status,
  }
}

/** A function of its own (memory storage): each plan starts from an empty cache, as a first sweep would. */
function freshFunction(log: (line: string) => void) {
  return createRuntime({ config: loadConfig({ DATA_DIR: ':memory:' }), log: (l) => log(`  [function] ${l}`) })
}

const pct = (x: number) => `${(x * 100).toFixed(0)}%`

export async function runSweepBench(log: (line: string) => void): Promise<PartOutcome> {
  const covers = coverFigures()
  for (const c of covers)
    log(
      `  cover of ${c.name}: ${c.circles} circles (${c.before} before), ${c.ratio.toFixed(2)}× its own ideal`,
    )
  const figures: SweepFigures[] = []
  let again: SweepFigures | undefined
  for (const radiusKm of RADII_KM)
    for (const { name, depth } of DEPTHS) {
      const runtime = freshFunction(log)
      try {
        const f = await sweepOnce(runtime.app, radiusKm, name, depth)
        log(
          `  Paris r=${radiusKm} km, ${name}: ${f.circles} circles, ${f.pages} pages, ${usd(f.dollars)} (ledger ${usd(f.ledgerDollars)}, ${f.ledgerPaidCalls} paid), ${f.uniqueVideos} unique videos, ${pct(f.shareByMoreThanOne)} found by more than one circle (${f.status})`,
        )
        figures.push(f)
        // The same plan again, fresh progress, same function: every page from the cache.
        if (radiusKm === 2 && depth.kind === 'all')
          again = await sweepOnce(runtime.app, radiusKm, `${name} again`, depth)
      } finally {
        await runtime.dispose()
      }
    }
  const rows: Row[] = coverRows(covers)
  rows.push(
    ...figures.map((f) => ({
      part: 'sweep',
      measure: `Paris, ${f.radiusKm} km, ${f.depth}`,
      value: `${f.circles} circles · ${count(f.pages)} pages · ${usd(f.dollars)}`,
      compare: `${count(f.uniqueVideos)} unique videos · ${pct(f.shareByMoreThanOne)} found by >1 circle`,
      target: 'ledger = receipts',
      met: f.status === 'done' && f.ledgerDollars === f.dollars && f.ledgerPaidCalls === f.pages,
    })),
  )
  if (again)
    rows.push({
      part: 'sweep',
      measure: 'Paris, 2 km, every page, again (fresh progress)',
      value: `${count(again.pages)} pages · ${usd(again.dollars)}`,
      compare: `ledger ${usd(again.ledgerDollars)}, ${again.ledgerPaidCalls} paid`,
      target: '$0',
      met: again.dollars === 0 && again.ledgerDollars === 0 && again.ledgerPaidCalls === 0,
    })
  return { rows, data: { covers, figures, again } }
}
