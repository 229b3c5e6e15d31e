/** One bulk download: the pool fetches, the archive streams, the manifest closes it; progress and cost as they happen. */
import { CAPTION_CONTENT_TYPES, addUsd } from '#contract/index.ts'
import type { BulkManifest, CacheStatus, LanguageSource } from './manifest.ts'
import { createLanguageResolver } from './language-resolver.ts'
import { jobUrl, type BulkJob, type BulkPlan, type BulkSelection } from './plan.ts'
import { captionRetryPolicy, haltsTheRun } from './retry-policy.ts'
import { runPool, type PoolOptions, type PoolOutcome } from './run-pool.ts'
import { languageOfJsonTrack, UNDETERMINED_LANGUAGE } from './track-language.ts'
import { bulkArchiveEntries, zipStream, type FetchedCaption, type ZipEntry } from './zip-stream.ts'

/** apiFetch's shape: throws ApiError on failures, reports every response (failures too) to `onResponse`. */
export type ApiFetchLike = (url: string, init: { signal?: AbortSignal; onResponse?: (res: Response) => void }) => Promise<Response>

export type BulkProgress = {
  total: number
  /** Jobs with a final outcome (file saved, or reported missing). */
  settled: number
  files: number
  missing: number
  inFlight: number
  retries: number
  /** X-Cost-USD summed as answers arrive, failures included. */
  costUsd: number
  cacheHits: number
}

export type BulkRunOptions = {
  plan: BulkPlan
  selection: BulkSelection
  viewUrl: string
  concurrency: number
  maxAttempts?: number
  signal: AbortSignal
  fetch: ApiFetchLike
  sleep?: PoolOptions<BulkJob, FetchedCaption>['sleep']
  retryPolicy?: PoolOptions<BulkJob, FetchedCaption>['retryPolicy']
  now?: () => Date
  onProgress?: (progress: BulkProgress) => void
}

export type BulkRun = {
  /** The ZIP; its body streams while requests are still running. Read it to completion to drive the run. */
  zip: Response
  /** Settles once the manifest is written (after the last file), or rejects when the archive fails. */
  manifest: Promise<BulkManifest>
}

function costOf(res: Response): number {
  return Number(res.headers.get('X-Cost-USD') ?? '0') || 0
}

function cacheOf(res: Response): CacheStatus {
  const cache = res.headers.get('X-Cache')
  return cache === 'HIT' ? 'HIT' : cache === 'MISS' ? 'MISS' : 'NONE'
}

export function startBulkRun(options: BulkRunOptions): BulkRun {
  const { plan, signal } = options
  const now = options.now ?? (() => new Date())
  const maxAttempts = options.maxAttempts ?? 3
  const startedAt = now()
  const resolver = createLanguageResolver()
  const costByJob = new Map<string, number>()
  const urlByJob = new Map<string, string>()
  const settledAt = new Map<string, Date>()
  const progress: BulkProgress = { total: plan.jobs.length, settled: 0, files: 0, missing: 0, inFlight: 0, retries: 0, costUsd: 0, cacheHits: 0 }
  const report = () => options.onProgress?.({ ...progress })

  function noteResponse(job: BulkJob, res: Response): void {
    const cost = costOf(res)
    costByJob.set(job.key, addUsd(costByJob.get(job.key) ?? 0, cost))
    progress.costUsd = addUsd(progress.costUsd, cost)
    if (cacheOf(res) === 'HIT') progress.cacheHits++
    report()
  }

  async function fetchJob(job: BulkJob, jobSignal: AbortSignal): Promise<FetchedCaption> {
    let lang: string | undefined = job.lang
    let langFrom: LanguageSource = 'request'
    if (job.lang === undefined && !job.lookup) {
      lang = await resolver.wait(job.videoId, jobSignal)
      langFrom = 'default-lookup'
    }
    const url = jobUrl(job, lang)
    urlByJob.set(job.key, url)
    progress.inFlight++
    report()
    try {
      const res = await options.fetch(url, { signal: jobSignal, onResponse: (r) => noteResponse(job, r) })
      const bytes = new Uint8Array(await res.arrayBuffer())
      let langReceived = lang ?? UNDETERMINED_LANGUAGE
      if (job.format === 'json') {
        const found = languageOfJsonTrack(bytes)
        if (found) langReceived = found
        if (found || job.lookup) langFrom = 'json-items'
      }
      return {
        url,
        bytes,
        contentType: res.headers.get('Content-Type') || CAPTION_CONTENT_TYPES[job.format],
        cache: cacheOf(res),
        fetchedAt: now(),
        langReceived,
        langFrom,
      }
    } finally {
      progress.inFlight--
    }
  }

  function onSettled(outcome: PoolOutcome<BulkJob, FetchedCaption>): void {
    const { job } = outcome
    settledAt.set(job.key, now())
    progress.settled++
    if (outcome.status === 'done') {
      if (job.save) progress.files++
      if (job.lookup) resolver.resolve(job.videoId, outcome.value.langReceived === UNDETERMINED_LANGUAGE ? undefined : outcome.value.langReceived)
    } else {
      progress.missing++
      if (job.lookup) resolver.fail(job.videoId, outcome.error)
    }
    report()
  }

  const outcomes = runPool(plan.jobs, fetchJob, {
    concurrency: options.concurrency,
    maxAttempts,
    signal,
    retryPolicy: options.retryPolicy ?? captionRetryPolicy(),
    ...(options.sleep ? { sleep: options.sleep } : {}),
    halt: haltsTheRun,
    onSettled,
    onRetry: () => {
      progress.retries++
      report()
    },
  })

  let resolveManifest!: (m: BulkManifest) => void
  let rejectManifest!: (e: unknown) => void
  const manifest = new Promise<BulkManifest>((resolve, reject) => {
    resolveManifest = resolve
    rejectManifest = reject
  })
  manifest.catch(() => undefined) // the caller may only watch the ZIP's stream

  const entries = bulkArchiveEntries(outcomes, {
    plan,
    run: { startedAt, viewUrl: options.viewUrl, selection: options.selection, concurrency: options.concurrency, maxAttempts },
    costOf: (key) => costByJob.get(key) ?? 0,
    requestedUrl: (job) => urlByJob.get(job.key) ?? jobUrl(job),
    totals: () => ({ costUsd: progress.costUsd, retries: progress.retries }),
    settledAt: (key) => settledAt.get(key),
    now,
    onManifest: resolveManifest,
  })

  async function* guarded(): AsyncGenerator<ZipEntry, void, undefined> {
    try {
      yield* entries
    } catch (e) {
      rejectManifest(e)
      throw e
    }
  }

  return { zip: zipStream(guarded()), manifest }
}
