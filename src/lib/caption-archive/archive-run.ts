/**
 * One caption archive run (the bulk view's, and the caption studio's ZIP as a run of one video): the pool fetches,
 * the archive streams, the manifest closes it; progress and cost as they happen.
 */
import { CAPTION_CONTENT_TYPES, addUsd } from '#contract/index.ts'
import { ApiError, paidFetch, type PaidBytes, type PaidInit, type Receipt } from '#lib/paid-fetch.ts'
import type { BulkManifest, LanguageSource } from './manifest.ts'
import { createLanguageResolver } from './language-resolver.ts'
import { jobUrl, type BulkJob, type BulkPlan, type BulkSelection } from './plan.ts'
import { emptyProgress, type BulkProgress } from './progress.ts'
import { captionRetryPolicy, haltsTheRun } from './retry-policy.ts'
import { runPool, type PoolOptions, type PoolOutcome } from './run-pool.ts'
import { DEFAULT_TRACK, languageOfJsonTrack, UNDETERMINED_LANGUAGE } from './track-language.ts'
import { bulkArchiveEntries, zipStream, type FetchedCaption, type ZipEntry } from './zip-stream.ts'

/** paidFetch's bytes mode: throws ApiError on failures, hands every receipt (failures too) to `onReceipt`. */
export type FetchBytes = (url: string, init: Pick<PaidInit, 'signal' | 'onReceipt'>) => Promise<PaidBytes>

const fetchBytes: FetchBytes = (url, init) => paidFetch(url, { as: 'bytes' }, init)

export { emptyProgress, type BulkProgress } from './progress.ts'

export type BulkRunOptions = {
  plan: BulkPlan
  selection: BulkSelection
  viewUrl: string
  concurrency: number
  maxAttempts?: number
  signal: AbortSignal
  /** Injectable for tests; the one paid fetch otherwise. */
  fetch?: FetchBytes
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

export function startBulkRun(options: BulkRunOptions): BulkRun {
  const { plan, signal } = options
  const now = options.now ?? (() => new Date())
  const fetch = options.fetch ?? fetchBytes
  const maxAttempts = options.maxAttempts ?? 3
  const startedAt = now()
  const resolver = createLanguageResolver()
  const costByJob = new Map<string, number>()
  const urlByJob = new Map<string, string>()
  const settledAt = new Map<string, Date>()
  const progress = emptyProgress(plan.jobs.length)
  const report = () => options.onProgress?.({ ...progress })

  function noteReceipt(job: BulkJob, receipt: Receipt): void {
    costByJob.set(job.key, addUsd(costByJob.get(job.key) ?? 0, receipt.costUsd))
    progress.costUsd = addUsd(progress.costUsd, receipt.costUsd)
    if (receipt.cache === 'HIT') progress.cacheHits++
    report()
  }

  async function fetchJob(job: BulkJob, jobSignal: AbortSignal): Promise<FetchedCaption> {
    let lang: string | undefined = job.lang
    let langFrom: LanguageSource = job.langKnown ? 'known-before' : 'request'
    if (job.lang === undefined && !job.lookup && !job.defaultTrack) {
      lang = await resolver.wait(job.videoId, jobSignal)
      langFrom = 'default-lookup'
    }
    const url = jobUrl(job, lang)
    urlByJob.set(job.key, url)
    progress.inFlight++
    if (progress.pausedUntil !== null && progress.pausedUntil <= now().getTime()) progress.pausedUntil = null
    report()
    try {
      const { bytes, contentType, receipt } = await fetch(url, {
        signal: jobSignal,
        onReceipt: (r) => noteReceipt(job, r),
      })
      let langReceived = lang ?? (job.defaultTrack ? DEFAULT_TRACK : UNDETERMINED_LANGUAGE)
      if (job.defaultTrack) langFrom = 'default-track'
      if (job.format === 'json') {
        const found = languageOfJsonTrack(bytes)
        if (found) langReceived = found
        if (found || job.lookup) langFrom = 'json-items'
      }
      return {
        url,
        bytes,
        contentType: contentType || CAPTION_CONTENT_TYPES[job.format],
        cache: receipt.cache,
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
      // Converted files are written from this answer as it is archived (the function checked it is a caption track).
      progress.files += (job.save ? 1 : 0) + job.converts.length
      if (job.lookup)
        resolver.resolve(
          job.videoId,
          outcome.value.langReceived === UNDETERMINED_LANGUAGE ? undefined : outcome.value.langReceived,
        )
    } else {
      progress.missing += (job.save ? 1 : 0) + job.converts.length
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
    onRetry: ({ error, delayMs }) => {
      progress.retries++
      if (error instanceof ApiError && error.status === 429) {
        // Every worker waits with this one (the pool's pauseAll): the view counts down to the latest resume.
        progress.rateLimitWaits++
        progress.pausedUntil = Math.max(progress.pausedUntil ?? 0, now().getTime() + delayMs)
      }
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
    run: {
      startedAt,
      viewUrl: options.viewUrl,
      selection: options.selection,
      concurrency: options.concurrency,
      maxAttempts,
    },
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
