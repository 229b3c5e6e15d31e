/**
 * Money: a scripted research session through the function (demo mode, in-process, a fresh DATA_DIR), then
 * the same session again. Paid requests and dollars of each run, from X-Cost-USD and from GET /api/spend,
 * against the naive cost (every request paid at list price, as without a cache).
 * docs/decisions/0091-bench-overhead-and-money.md
 */
import { addUsd, priceOf, type Operation } from '#contract/index.ts'
import { loadConfig } from '#server/config.ts'
import { createRuntime } from '#server/runtime.ts'
import type { SpendReport } from '#server/spend/ledger.ts'
import { ANCHOR_COMMENT_ID, PARIS } from '#simulator/data/anchors.ts'
import { count, usd, type PartOutcome, type Row } from '../lib/report.ts'
import { tempDir } from '../lib/servers.ts'

const VIDEOS = 10
const DOWNLOAD_FORMATS = ['srt', 'vtt', 'text'] as const
const CHANNELS = 2

type Call = { url: string; operation: Operation; status: number; costUsd: number; cache: string }

type SessionRun = {
  requests: number
  paidRequests: number
  costUsd: number
  cacheHits: number
  naiveUsd: number
  failures: { url: string; status: number }[]
  ledger: { paidCalls: number; spentUsd: number; cacheHits: number }
}

type Fetch = (url: string) => Promise<Response>

/** What a researcher does, as the SPA's views request it (same /api URLs). */
async function researchSession(get: Fetch): Promise<Call[]> {
  const calls: Call[] = []
  async function call<T>(operation: Operation, url: string): Promise<T | undefined> {
    const res = await get(url)
    const text = await res.text()
    calls.push({
      url,
      operation,
      status: res.status,
      costUsd: Number(res.headers.get('X-Cost-USD') ?? 'NaN'),
      cache: res.headers.get('X-Cache') ?? '',
    })
    return res.ok && (res.headers.get('Content-Type') ?? '').includes('json')
      ? (JSON.parse(text) as T)
      : undefined
  }
  type Page = { nextPageToken?: string; data: { videoId: string; channelId: string }[] }
  const search = `/api/search?location=${encodeURIComponent(`${PARIS.lat},${PARIS.lng}`)}&locationRadius=25km&type=video`
  const first = await call<Page>('GET /search', search)
  if (!first) throw new Error(`the session's search failed: ${JSON.stringify(calls.at(-1))}`)
  const second = first.nextPageToken
    ? await call<Page>('GET /search', `${search}&pageToken=${encodeURIComponent(first.nextPageToken)}`)
    : undefined
  const results = [...first.data, ...(second?.data ?? [])]

  // Videos in result order until ten have shown a track; one without captions costs its two requests too.
  let opened = 0
  for (const { videoId } of results) {
    if (opened === VIDEOS) break
    await call('GET /files/captions/{videoId}', `/api/files/captions/${videoId}`)
    const track = await call<{ lang: string }[]>(
      'GET /captions/{videoId}',
      `/api/captions/${videoId}?mode=default`,
    )
    const lang = track?.[0]?.lang
    if (!lang) continue // the view offers downloads only for a track it could show
    opened++
    for (const format of DOWNLOAD_FORMATS)
      await call(
        'GET /captions/{videoId}',
        `/api/captions/${videoId}?format=${format}&lang=${encodeURIComponent(lang)}&mode=default&download=1`,
      )
  }
  if (opened < VIDEOS)
    throw new Error(`only ${opened} of the found videos have captions; the session needs ${VIDEOS}`)
  for (const channelId of [...new Set(results.map((r) => r.channelId))].slice(0, CHANNELS))
    await call('GET /channels', `/api/channels?ids=${channelId}`)

  let token: string | undefined
  let replies = 0
  do {
    const page = await call<{ nextPageToken?: string; data: unknown[] }>(
      'GET /commentReplies',
      `/api/commentReplies?parentCommentId=${ANCHOR_COMMENT_ID}${token ? `&pageToken=${encodeURIComponent(token)}` : ''}&format=html`,
    )
    replies += page?.data.length ?? 0
    token = page?.nextPageToken
  } while (token)
  if (replies < 300)
    throw new Error(`the session loaded ${replies} replies of the anchor thread, expected 300 or more`)
  return calls
}

async function ledgerTotals(get: Fetch): Promise<SpendReport['totals']> {
  const res = await get('/api/spend?limit=1')
  if (!res.ok) throw new Error(`GET /api/spend answered ${res.status}`)
  return ((await res.json()) as SpendReport).totals
}

async function measuredRun(get: Fetch): Promise<SessionRun> {
  const before = await ledgerTotals(get)
  const calls = await researchSession(get)
  const after = await ledgerTotals(get)
  return {
    requests: calls.length,
    paidRequests: calls.filter((c) => c.costUsd > 0).length,
    costUsd: addUsd(...calls.map((c) => (Number.isFinite(c.costUsd) ? c.costUsd : 0))),
    cacheHits: calls.filter((c) => c.cache === 'HIT').length,
    naiveUsd: addUsd(...calls.map((c) => priceOf(c.operation))),
    failures: calls.filter((c) => c.status >= 400).map((c) => ({ url: c.url, status: c.status })),
    ledger: {
      paidCalls: after.paidCalls - before.paidCalls,
      spentUsd: addUsd(after.spentUsd, -before.spentUsd),
      cacheHits: after.cacheHits - before.cacheHits,
    },
  }
}

export async function runMoney(log: (line: string) => void): Promise<PartOutcome> {
  const cache = tempDir('money')
  const env = { DATA_DIR: cache.path }
  const runtime = createRuntime({ config: loadConfig(env), log: (l) => log(`  [function] ${l}`) })
  try {
    const get: Fetch = (url) => Promise.resolve(runtime.app.fetch(new Request(`http://127.0.0.1${url}`)))
    const first = await measuredRun(get)
    const second = await measuredRun(get)
    const upstream = runtime.simulator?.stats()
    for (const [name, r] of [
      ['first', first],
      ['second', second],
    ] as const) {
      log(
        `  ${name} run: ${r.requests} requests, ${r.paidRequests} paid (${usd(r.costUsd)}), ${r.cacheHits} cache hits; ledger ${r.ledger.paidCalls} paid ${usd(r.ledger.spentUsd)}; naive ${usd(r.naiveUsd)}; failures ${r.failures.length}`,
      )
    }
    const rows: Row[] = [
      {
        part: 'money',
        measure: `first run: paid requests of ${first.requests}`,
        value: count(first.paidRequests),
        compare: `${count(first.requests)} naive`,
      },
      {
        part: 'money',
        measure: 'first run: dollars (X-Cost-USD)',
        value: usd(first.costUsd),
        compare: `${usd(first.naiveUsd)} naive`,
        ratio: first.naiveUsd ? `${((first.costUsd / first.naiveUsd) * 100).toFixed(0)}%` : '—',
      },
      {
        part: 'money',
        measure: 'first run: dollars (GET /api/spend)',
        value: `${usd(first.ledger.spentUsd)} · ${first.ledger.paidCalls} paid`,
        compare: `${usd(first.costUsd)} headers`,
        target: 'equals the headers',
        met: first.ledger.spentUsd === first.costUsd && first.ledger.paidCalls === first.paidRequests,
      },
      {
        part: 'money',
        measure: `second run: paid requests of ${second.requests}`,
        value: count(second.paidRequests),
        compare: `${count(second.requests)} naive`,
      },
      {
        part: 'money',
        measure: 'second run: dollars (X-Cost-USD / ledger)',
        value: `${usd(second.costUsd)} / ${usd(second.ledger.spentUsd)}`,
        compare: `${usd(second.naiveUsd)} naive`,
        target: '$0',
        met: second.costUsd === 0 && second.ledger.spentUsd === 0 && second.paidRequests === 0,
      },
      {
        part: 'money',
        measure: 'both runs: dollars',
        value: usd(addUsd(first.costUsd, second.costUsd)),
        compare: `${usd(addUsd(first.naiveUsd, second.naiveUsd))} naive`,
        ratio: `${((addUsd(first.costUsd, second.costUsd) / addUsd(first.naiveUsd, second.naiveUsd)) * 100).toFixed(0)}%`,
      },
    ]
    if (first.failures.length)
      rows.push({
        part: 'money',
        measure: 'videos without captions opened on the way (404, per run)',
        value: `${first.failures.length} (${[...new Set(first.failures.map((f) => f.status))].join(', ')})`,
      })
    return {
      rows,
      data: {
        first,
        second,
        upstream,
        session: {
          videos: VIDEOS,
          downloadFormats: DOWNLOAD_FORMATS,
          channels: CHANNELS,
          thread: ANCHOR_COMMENT_ID,
        },
      },
    }
  } finally {
    await runtime.dispose()
    cache.remove()
  }
}
