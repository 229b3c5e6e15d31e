/**
 * `npm run test:load`: 500 concurrent connections of mixed requests (search, captions, caption lists, channels,
 * replies, popular; some repeated, some distinct, a few deliberately invalid) for 30 s against the function in
 * its own process (live mode, file store) with the simulator behind it in another. Passes when:
 *   - no errors: every valid request answers 2xx, every invalid one 400, no connection error or time-out;
 *   - no lost ledger entries: the ledger's paid calls equal the calls that reached the simulator, and its spend
 *     equals what the simulator charged; nothing was logged as unexpected or unrecorded;
 *   - memory flat: RSS and heap-after-GC at the end are within +50% of the middle of the run.
 * With `--engine=postgres`, the Postgres server is also stopped (SIGSTOP) for 5 s in the middle of the run: requests
 * that needed it then may answer 503 storage_unavailable (nothing paid), and afterwards the ledger must still equal
 * the service's calls, interrupted rows counted as calls the service saw, nothing left pending (docs/decisions/0186).
 * Exit code 1 otherwise, with one summary line. docs/decisions/0094-load-test.md
 */
import { writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import {
  ANCHOR_CHANNEL,
  ANCHOR_COMMENT_ID,
  ANCHOR_VIDEO_ID,
  BIG_COMMENT_ID,
  PARIS,
} from '#simulator/data/anchors.ts'
import type { SpendReport } from '#server/spend/ledger.ts'
import { startPostgresCluster, type PostgresCluster } from '#server/testing/postgres-cluster.ts'
import { runKeepAliveLoad, type LoadAnswer, type LoadResult } from './lib/keep-alive-load.ts'
import { REPO_ROOT, rssOf, stopAll, stopChildrenOnSignals, type ChildServer } from './lib/processes.ts'
import { count, mb, ms, percentile, textTable, usd, within, type Row } from './lib/report.ts'
import {
  functionMemory,
  ledgerTotals,
  simulatorStats,
  startFunctionProcess,
  startSimulatorProcess,
  tempDir,
  whenSettled,
} from './lib/servers.ts'

const CONNECTIONS = 500
const SECONDS = 30
/** A browser waits as long as the function may wait for the service (UPSTREAM_TIMEOUT_MS, 20 s). */
const REQUEST_TIMEOUT_SECONDS = 20
const FLAT_LIMIT = 1.5
/** CACHE_MEMORY_MB for the run (default 64): decision 0174. */
const LRU_MB = 16
const OVERALL_LIMIT_MS = 5 * 60_000
/** `npm run test:load -- --engine=postgres`: the function on a throw-away Postgres server instead of the embedded PGlite. */
const ENGINE = process.argv.includes('--engine=postgres') ? 'postgres' : 'pglite'
/** The storage fault of the Postgres run: the server stopped this long, from this many seconds into the load. */
const FAULT = ENGINE === 'postgres' ? { atSeconds: 8, seconds: 5 } : undefined
const RESULTS_PATH = join(
  REPO_ROOT,
  'bench',
  ENGINE === 'postgres' ? 'load-results-postgres.json' : 'load-results.json',
)

const PLACES = [
  `${PARIS.lat},${PARIS.lng}`,
  '35.6762,139.6503',
  '40.7128,-74.006',
  '-1.2921,36.8219',
  '-23.5505,-46.6333',
  '-33.8688,151.2093',
]
const CAPTION_FORMATS = ['json', 'srt', 'vtt', 'text', 'csv'] as const

type Kind =
  | 'search'
  | 'search (distinct)'
  | 'captions'
  | 'caption files'
  | 'channels'
  | 'channels (combinations)'
  | 'replies'
  | 'popular'
  | 'invalid'
/** Each connection cycles through this sequence: 9 of 20 ask something new or rarely repeated, 2 are invalid. */
const MIX: Kind[] = [
  'search',
  'captions',
  'search (distinct)',
  'replies',
  'popular',
  'channels',
  'captions',
  'invalid',
  'search (distinct)',
  'caption files',
  'search',
  'channels (combinations)',
  'captions',
  'replies',
  'search (distinct)',
  'popular',
  'channels',
  'captions',
  'invalid',
  'search',
]

type Discovered = {
  searchPage2: string
  videos: { id: string; lang: string }[]
  channelIds: string[]
  popularPage2: string
  repliesPage2: string
}
type Tally = Record<Kind, Record<string, number>>

function requestFactory(d: Discovered) {
  let distinct = 0
  const turn: Partial<Record<Kind, number>> = {}
  const next = (k: Kind) => (turn[k] = (turn[k] ?? 0) + 1)
  const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!
  const search = (place: string, radius = '25km') =>
    `/api/search?location=${encodeURIComponent(place)}&locationRadius=${radius}&type=video`
  const paths: Record<Kind, () => string> = {
    search: () => {
      const i = next('search')
      return i % 4 === 0
        ? `${search(PLACES[0]!)}&pageToken=${encodeURIComponent(d.searchPage2)}`
        : search(pick(PLACES, i))
    },
    // A radius never asked before: the cache cannot answer, the service is paid.
    'search (distinct)': () =>
      search(pick(PLACES, next('search (distinct)')), `${(20 + ++distinct / 1e6).toFixed(6)}km`),
    captions: () => {
      const i = next('captions')
      const v = pick(d.videos, i)
      return `/api/captions/${v.id}?format=${pick(CAPTION_FORMATS, Math.floor(i / d.videos.length))}&lang=${v.lang}&mode=default`
    },
    'caption files': () => `/api/files/captions/${pick(d.videos, next('caption files')).id}`,
    channels: () => {
      const i = next('channels')
      return i % 2
        ? `/api/channels?forHandle=${encodeURIComponent(ANCHOR_CHANNEL.customUrl)}`
        : `/api/channels?ids=${pick(d.channelIds, i)}`
    },
    'channels (combinations)': () => {
      const i = next('channels (combinations)')
      const n = d.channelIds.length
      return `/api/channels?ids=${d.channelIds[i % n]},${d.channelIds[(i + 1 + Math.floor(i / n)) % n]}`
    },
    replies: () => {
      const i = next('replies') % 3
      return i === 0
        ? `/api/commentReplies?parentCommentId=${ANCHOR_COMMENT_ID}`
        : i === 1
          ? `/api/commentReplies?parentCommentId=${ANCHOR_COMMENT_ID}&pageToken=${encodeURIComponent(d.repliesPage2)}`
          : `/api/commentReplies?parentCommentId=${BIG_COMMENT_ID}`
    },
    popular: () =>
      next('popular') % 2
        ? '/api/popularVideos'
        : `/api/popularVideos?pageToken=${encodeURIComponent(d.popularPage2)}`,
    invalid: () =>
      pick(
        [
          '/api/search?location=91,0&locationRadius=25km&type=video',
          '/api/captions/too-short?format=srt',
          '/api/channels',
          '/api/commentReplies?parentCommentId=x&format=pdf',
        ],
        next('invalid'),
      ),
  }
  return paths
}

async function getJson<T>(fn: ChildServer, path: string): Promise<T> {
  const res = await fetch(`${fn.origin}${path}`)
  if (!res.ok)
    throw new Error(`pre-flight ${path} answered ${res.status}: ${(await res.text()).slice(0, 200)}`)
  return (await res.json()) as T
}

/** Real identifiers, found through the function itself (these calls are in the ledger and the simulator's count too). */
async function discover(fn: ChildServer): Promise<{ discovered: Discovered; requests: number }> {
  type Page = { nextPageToken?: string; data: { videoId: string; channelId: string }[] }
  const pages = await Promise.all(
    PLACES.slice(0, 3).map((p) =>
      getJson<Page>(fn, `/api/search?location=${encodeURIComponent(p)}&locationRadius=25km&type=video`),
    ),
  )
  const items = pages.flatMap((p) => p.data)
  const videos: Discovered['videos'] = []
  let requests = pages.length
  for (const id of [ANCHOR_VIDEO_ID, ...new Set(items.map((i) => i.videoId))].slice(0, 14)) {
    const files = await getJson<{ languageCode: string }[]>(fn, `/api/files/captions/${id}`)
    requests++
    if (files[0]) videos.push({ id, lang: files[0].languageCode })
  }
  const popular = await getJson<{ nextPageToken?: string }>(fn, '/api/popularVideos')
  const replies = await getJson<{ nextPageToken?: string }>(
    fn,
    `/api/commentReplies?parentCommentId=${ANCHOR_COMMENT_ID}`,
  )
  requests += 2
  const channelIds = [...new Set(items.map((i) => i.channelId))]
  if (
    !pages[0]!.nextPageToken ||
    !popular.nextPageToken ||
    !replies.nextPageToken ||
    videos.length < 5 ||
    channelIds.length < 5
  ) {
    throw new Error(
      'pre-flight: the demo data lacks the pages, videos with captions or channels the mix needs',
    )
  }
  return {
    discovered: {
      searchPage2: pages[0]!.nextPageToken,
      videos,
      channelIds,
      popularPage2: popular.nextPageToken,
      repliesPage2: replies.nextPageToken,
    },
    requests,
  }
}

type MemorySample = { at: string; rss: number; heapAfterGc: number; externalAfterGc: number }

/** Heap after a full GC, then RSS (ps) right after it. */
async function sample(fn: ChildServer, at: string): Promise<MemorySample> {
  const report = await functionMemory(fn, 30_000)
  return { at, rss: await rssOf(fn.pid), heapAfterGc: report.heapUsed, externalAfterGc: report.external }
}

/** The ledger and the simulator's count once neither has moved for 5 s (requests left in flight finish first). */
async function settledLedger(fn: ChildServer, sim: ChildServer) {
  const [spend, stats] = await whenSettled(
    () => Promise.all([ledgerTotals(fn), simulatorStats(sim)]),
    5000,
    120_000,
  )
  return { totals: spend.totals, byOperation: spend.byOperation, stats }
}

function mismatchedOperations(ledger: SpendReport['byOperation'], upstream: Record<string, number>) {
  const ops = new Set([...ledger.map((o) => o.operation as string), ...Object.keys(upstream)])
  return [...ops]
    .map((operation) => ({
      operation,
      ledger: ledger.find((o) => o.operation === operation)?.paidCalls ?? 0,
      upstream: upstream[operation] ?? 0,
    }))
    .filter((m) => m.ledger !== m.upstream)
}

/** Answers counted as they arrive: statuses by kind, X-Cache values, latencies, a few unexpected bodies. */
function answerTally() {
  const tally = Object.fromEntries(MIX.map((k) => [k, {}])) as Tally
  const cacheSeen: Record<string, number> = {}
  const latencies: number[] = []
  /** Valid requests refused with 503 storage_unavailable (the storage fault): nothing was paid for them. */
  let storageRefusals = 0
  /** The first few bodies of each unexpected kind → status, so a failure says what the function answered. */
  const unexpectedBodies: Record<string, string[]> = {}
  const onAnswer = (label: string, answer: LoadAnswer) => {
    const kind = label as Kind
    tally[kind][answer.status] = (tally[kind][answer.status] ?? 0) + 1
    const refusedForStorage =
      FAULT !== undefined && answer.status === 503 && Boolean(answer.body?.includes('storage_unavailable'))
    if (refusedForStorage && kind !== 'invalid') storageRefusals++
    const expected = kind === 'invalid' ? answer.status === 400 : answer.status < 300 || refusedForStorage
    if (!expected) {
      const bodies = (unexpectedBodies[`${kind} → ${answer.status}`] ??= [])
      if (bodies.length < 3) bodies.push(answer.body ?? '')
    }
    const c = answer.headers['x-cache']
    if (typeof c === 'string') cacheSeen[c] = (cacheSeen[c] ?? 0) + 1
    latencies.push(answer.latencyMs)
  }
  return { tally, cacheSeen, latencies, unexpectedBodies, onAnswer, storageRefusals: () => storageRefusals }
}

/** The storage fault: the Postgres server stopped (SIGSTOP) for FAULT.seconds, FAULT.atSeconds into the load. */
async function storageFault(
  cluster: PostgresCluster | undefined,
): Promise<{ at: number; ms: number } | undefined> {
  if (!FAULT || !cluster) return undefined
  await new Promise((r) => setTimeout(r, FAULT.atSeconds * 1000))
  const t0 = performance.now()
  cluster.pause()
  try {
    await new Promise((r) => setTimeout(r, FAULT.seconds * 1000))
  } finally {
    cluster.resume()
  }
  return { at: FAULT.atSeconds, ms: performance.now() - t0 }
}

type LoadRun = ReturnType<typeof answerTally> &
  Awaited<ReturnType<typeof settledLedger>> & {
    result: LoadResult
    samples: MemorySample[]
    /** Failures the function logged while loaded (unexpected ones; storage ones too when no fault was injected). */
    logged: number
    /** With the storage fault: when and how long the server was stopped, and the storage failures logged meanwhile. */
    fault?: { at: number; ms: number; logged: number }
  }

/** The mixed load for SECONDS on the identifiers found, memory sampled at its start, middle and end, then the settled ledger. */
async function runMixedLoad(
  fn: ChildServer,
  sim: ChildServer,
  discovered: Discovered,
  preflight: number,
  cluster: PostgresCluster | undefined,
): Promise<LoadRun> {
  const paths = requestFactory(discovered)
  const answers = answerTally()
  // One sequence shared by every connection, so each kind keeps its share of the mix.
  let turn = 0
  const next = () => {
    const kind = MIX[turn++ % MIX.length]!
    return { path: paths[kind](), label: kind }
  }
  const samples: MemorySample[] = [await sample(fn, 'start')]
  console.error(
    `  pre-flight: ${preflight} requests; ${discovered.videos.length} videos with captions, ${discovered.channelIds.length} channels. Loading…`,
  )
  const load = runKeepAliveLoad({
    origin: fn.origin,
    connections: CONNECTIONS,
    seconds: SECONDS,
    timeoutSeconds: REQUEST_TIMEOUT_SECONDS,
    warmPath: '/api/health',
    next,
    onAnswer: answers.onAnswer,
  })
  const sampleAfter = (seconds: number, at: string) => {
    const p = new Promise((r) => setTimeout(r, seconds * 1000)).then(() => sample(fn, at))
    p.catch(() => undefined) // awaited after the load; a failure must not count as unhandled meanwhile
    return p
  }
  const fault = storageFault(cluster)
  const middle = sampleAfter(SECONDS / 2, 'middle')
  const end = sampleAfter(SECONDS - 2, 'end')
  const result = await within('the load', OVERALL_LIMIT_MS, () => load)
  samples.push(await middle, await end)
  const stopped = await fault
  const ledger = await within('settling', 150_000, () => settledLedger(fn, sim))
  samples.push(await sample(fn, 'after'))
  // A storage fault makes the function log what it could not write yet (and wrote later): expected then, not before.
  const storageLogged = fn.countStderr(/\[spend\]|\[db\]/)
  const logged = fn.countStderr(/\[api\] unexpected error/) + (stopped ? 0 : storageLogged)
  return {
    ...answers,
    ...ledger,
    result,
    samples,
    logged,
    ...(stopped ? { fault: { ...stopped, logged: storageLogged } } : {}),
  }
}

/** The pass conditions: no errors, a ledger that matches the simulator and covers every answer, flat memory. */
function judge(run: LoadRun, preflight: number) {
  const { tally, totals, stats, result, samples, logged } = run
  const invalid = tally.invalid
  const valid = MIX.filter((k, i) => k !== 'invalid' && MIX.indexOf(k) === i)
  const validOk = valid.reduce(
    (s, k) =>
      s +
      Object.entries(tally[k])
        .filter(([st]) => st.startsWith('2'))
        .reduce((a, [, n]) => a + n, 0),
    0,
  )
  // During the storage fault a valid request may be refused 503 storage_unavailable: those 503s are all such refusals.
  const valid503 = valid.reduce((n, k) => n + (tally[k]['503'] ?? 0), 0)
  const refusedForStorage = (st: string) =>
    st === '503' && run.fault !== undefined && valid503 === run.storageRefusals()
  const unexpected = [
    ...valid.flatMap((k) =>
      Object.entries(tally[k])
        .filter(([st]) => !st.startsWith('2') && !refusedForStorage(st))
        .map(([st, n]) => `${k} → ${st} ×${n}`),
    ),
    ...Object.entries(invalid)
      .filter(([st]) => st !== '400')
      .map(([st, n]) => `invalid → ${st} ×${n}`),
  ]
  const answered = run.latencies.length
  const noErrors = unexpected.length === 0 && result.errors === 0 && result.timeouts === 0 && logged === 0
  // Interrupted rows are calls the service may have seen (reconciled or not); their price is held until reconciled.
  const ledgerMatches =
    totals.failedCalls === 0 &&
    totals.pendingCalls === 0 &&
    totals.paidCalls + totals.interruptedCalls === stats.calls &&
    Math.abs(totals.spentUsd + totals.interruptedUsd - stats.costUsd) < 1e-9
  // The server may finish requests the load generator stopped waiting for: at most one per connection.
  const ledgerAnswered = totals.paidCalls + totals.cacheHits
  const clientAnswered = validOk + preflight
  const answeredCovered = ledgerAnswered >= clientAnswered && ledgerAnswered - clientAnswered <= CONNECTIONS
  const mid = samples[1]!
  const fin = samples[2]!
  const flat = fin.rss <= mid.rss * FLAT_LIMIT && fin.heapAfterGc <= mid.heapAfterGc * FLAT_LIMIT
  return {
    invalid,
    validOk,
    unexpected,
    answered,
    invalidCount: invalid['400'] ?? 0,
    noErrors,
    ledgerMatches,
    ledgerAnswered,
    clientAnswered,
    answeredCovered,
    mid,
    fin,
    passed: noErrors && ledgerMatches && answeredCovered && flat && answered > 0,
  }
}

type Verdict = ReturnType<typeof judge>

/** The report's rows: throughput and latency, then each pass condition with its target. */
function reportRows(run: LoadRun, v: Verdict): Row[] {
  const { latencies, cacheSeen, totals, byOperation, stats, result, samples, logged } = run
  return [
    {
      part: 'load',
      measure: `requests answered in ${SECONDS} s (${CONNECTIONS} connections)`,
      value: count(v.answered),
      compare: `${count(Math.round(v.answered / result.durationSeconds))} req/s; ${result.opened} of ${CONNECTIONS} connections opened before the run`,
    },
    {
      part: 'load',
      measure: 'latency p50 / p99',
      value: `${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 99))}`,
    },
    {
      part: 'load',
      measure: 'valid requests answered 2xx',
      value: count(v.validOk),
      compare: `X-Cache ${Object.entries(cacheSeen)
        .map(([k, n]) => `${k} ${count(n)}`)
        .join(', ')}`,
    },
    {
      part: 'load',
      measure: 'deliberately invalid requests (expect 400)',
      value: count(v.invalidCount),
      compare: Object.keys(v.invalid).length ? `statuses ${Object.keys(v.invalid).join(', ')}` : undefined,
    },
    {
      part: 'load',
      measure: 'errors (unexpected statuses, connection errors, time-outs, logged failures)',
      value: `${v.unexpected.length ? v.unexpected.join('; ') : '0 statuses'}, ${result.errors} errors, ${result.timeouts} time-outs, ${logged} logged`,
      target: '0',
      met: v.noErrors,
    },
    ...(run.fault
      ? [
          {
            part: 'load',
            measure: 'storage fault: the Postgres server stopped (SIGSTOP) mid-run',
            value: `${(run.fault.ms / 1000).toFixed(1)} s from ${run.fault.at} s`,
            compare: `${count(run.storageRefusals())} valid requests refused 503 storage_unavailable (nothing paid); ${run.fault.logged} storage lines logged`,
          },
        ]
      : []),
    {
      part: 'load',
      measure: 'ledger paid + interrupted calls = calls that reached the simulator',
      value: `${count(totals.paidCalls + totals.interruptedCalls)} = ${count(stats.calls)}`,
      compare: `${usd(totals.spentUsd)} ledger, ${usd(stats.costUsd)} charged; failed ${totals.failedCalls}, pending ${totals.pendingCalls}, interrupted ${totals.interruptedCalls} (${usd(totals.interruptedUsd)} held)`,
      target: 'equal',
      met: v.ledgerMatches,
    },
    ...mismatchedOperations(byOperation, stats.byOperation).map((m) => ({
      part: 'load',
      measure: `  ${m.operation}: ledger paid / upstream calls`,
      value: `${m.ledger} / ${m.upstream}`,
    })),
    {
      part: 'load',
      measure: 'ledger paid + hits covers every 2xx answer seen',
      value: `${count(v.ledgerAnswered)} ≥ ${count(v.clientAnswered)}`,
      compare: `surplus ${v.ledgerAnswered - v.clientAnswered} (≤ ${CONNECTIONS} in flight at the stop)`,
      target: 'covered',
      met: v.answeredCovered,
    },
    {
      part: 'load',
      measure: 'function RSS start / middle / end / after',
      value: samples.map((s) => mb(s.rss)).join(' / '),
      compare: `end/middle ${(v.fin.rss / v.mid.rss).toFixed(2)}×`,
      target: `end ≤ ${FLAT_LIMIT}× middle`,
      met: v.fin.rss <= v.mid.rss * FLAT_LIMIT,
    },
    {
      part: 'load',
      measure: 'function heap after GC start / middle / end / after',
      value: samples.map((s) => mb(s.heapAfterGc)).join(' / '),
      compare: `end/middle ${(v.fin.heapAfterGc / v.mid.heapAfterGc).toFixed(2)}×; external ${samples.map((s) => mb(s.externalAfterGc)).join(' / ')}`,
      target: `end ≤ ${FLAT_LIMIT}× middle`,
      met: v.fin.heapAfterGc <= v.mid.heapAfterGc * FLAT_LIMIT,
    },
  ]
}

/** Writes the results file and prints the table, the unexpected bodies and one summary line. */
function report(run: LoadRun, v: Verdict, loadAtStart: number[]) {
  const { tally, unexpectedBodies, cacheSeen, totals, byOperation, stats, samples, result, logged } = run
  const rows = reportRows(run, v)
  const loadAtEnd = loadavg()
  const date = new Date().toISOString()
  writeFileSync(
    RESULTS_PATH,
    `${JSON.stringify({ date, command: `npm run test:load${ENGINE === 'postgres' ? ' -- --engine=postgres' : ''}`, passed: v.passed, machine: { node: process.version, cores: cpus().length, loadAverage: { start: loadAtStart, end: loadAtEnd } }, connections: CONNECTIONS, seconds: SECONDS, mix: MIX, fault: run.fault ?? null, storageRefusals: run.storageRefusals(), tally, unexpectedBodies, cacheSeen, totals, byOperation, simulator: stats, samples, rows }, null, 2)}\n`,
  )
  console.log(
    `\nnpm run test:load${ENGINE === 'postgres' ? ' -- --engine=postgres' : ''} — ${date} — load average ${loadAtStart[0]!.toFixed(2)} at start, ${loadAtEnd[0]!.toFixed(2)} at end (${cpus().length} cores)\n`,
  )
  console.log(textTable(rows))
  for (const [what, bodies] of Object.entries(unexpectedBodies))
    for (const body of bodies) console.log(`  ${what}: ${body}`)
  const failedChecks = rows.filter((r) => r.met === false).map((r) => r.measure)
  console.log(
    `\nLOAD TEST (${ENGINE}) ${v.passed ? 'PASSED' : 'FAILED'}: ${count(v.answered)} answers in ${SECONDS} s at ${CONNECTIONS} connections, ${v.unexpected.length + result.errors + result.timeouts + logged} errors, ` +
      `${count(v.invalidCount)} invalid requests refused with 400, ledger ${count(totals.paidCalls)} paid + ${count(totals.interruptedCalls)} interrupted calls vs ${count(stats.calls)} upstream${run.fault ? `, Postgres stopped ${(run.fault.ms / 1000).toFixed(1)} s mid-run (${count(run.storageRefusals())} answered 503 storage_unavailable)` : ''}, RSS ${mb(v.mid.rss)} → ${mb(v.fin.rss)}` +
      `${failedChecks.length ? ` — failed: ${failedChecks.join('; ')}` : ''}. Written to ${RESULTS_PATH.slice(REPO_ROOT.length)}.`,
  )
}

async function main() {
  stopChildrenOnSignals()
  const loadAtStart = loadavg()
  console.error(
    `Load test on ${ENGINE === 'postgres' ? 'a Postgres server (DATABASE_URL)' : 'the embedded PGlite'}: ${CONNECTIONS} connections, ${SECONDS} s, mixed requests — ${cpus().length} cores, load average ${loadAtStart.map((l) => l.toFixed(2)).join(' ')}`,
  )
  const cache = tempDir('load')
  let sim: ChildServer | undefined
  let fn: ChildServer | undefined
  let cluster: PostgresCluster | undefined
  try {
    if (ENGINE === 'postgres') cluster = await startPostgresCluster()
    const databaseUrl = cluster ? await cluster.createDatabase('load') : undefined
    sim = await startSimulatorProcess()
    fn = await startFunctionProcess({
      simulator: sim,
      cacheDir: cache.path,
      // A small answer LRU is full within seconds even on a slow machine: the memory check then sees growth, not it filling.
      env: { CACHE_MEMORY_MB: String(LRU_MB), ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    })
    const { discovered, requests: preflight } = await discover(fn)
    const run = await runMixedLoad(fn, sim, discovered, preflight, cluster)
    const verdict = judge(run, preflight)
    report(run, verdict, loadAtStart)
    process.exitCode = verdict.passed ? 0 : 1
  } finally {
    await fn?.stop()
    await sim?.stop()
    await cluster?.stop()
    await stopAll()
    cache.remove()
  }
}

main().catch(async (e) => {
  console.error(`LOAD TEST FAILED: ${e instanceof Error ? e.message : String(e)}`)
  await stopAll()
  process.exit(1)
})
