/**
 * The bulk ZIP as a stream: each caption file is written as soon as its request settles and then forgotten,
 * so hundreds of files never sit in memory together; manifest.json and the report come last
 * (docs/decisions/0077-bulk-streamed-zip.md, 0078-bulk-archive-layout.md).
 */
import { downloadZip } from 'client-zip'
import { captionFileName, captionContentType } from '#lib/captions/file-naming.ts'
import { loadDataSource } from '#lib/export/data-source.ts'
import type { CacheState } from '#lib/paid-fetch.ts'
import { SkippedError, describeFailure } from './failures.ts'
import {
  buildManifest,
  reportCsv,
  reportJson,
  type BulkManifest,
  type FileRecord,
  type LanguageSource,
  type LookupRecord,
  type ManifestInput,
  type MissingRecord,
} from './manifest.ts'
import { convertedFiles } from './converted-files.ts'
import type { BulkJob, BulkPlan } from './plan.ts'
import { isTransient } from './retry-policy.ts'
import type { PoolEnd, PoolOutcome } from './run-pool.ts'

export type ZipEntry = { name: string; input: Uint8Array | string; lastModified: Date }

/** A ZIP whose body streams while `entries` are still being produced (client-zip stores, it does not compress). */
export function zipStream(entries: AsyncIterable<ZipEntry>): Response {
  return downloadZip(entries, { buffersAreUTF8: true })
}

export type FetchedCaption = {
  /** The /api URL actually requested (with the resolved language for a default-language job). */
  url: string
  bytes: Uint8Array
  contentType: string
  cache: CacheState
  fetchedAt: Date
  /** The language this file is in, as far as known; `und` when a default-language track named none. */
  langReceived: string
  langFrom: LanguageSource
}

export type ArchiveContext = {
  plan: BulkPlan
  /** What the run knows that the outcomes do not. */
  run: Pick<
    ManifestInput,
    'startedAt' | 'viewUrl' | 'selection' | 'concurrency' | 'maxAttempts' | 'dashboardVersion'
  >
  costOf: (jobKey: string) => number
  /** The URL last requested for a job (a default-language job's carries the language found), else its planned URL. */
  requestedUrl: (job: BulkJob) => string
  totals: () => { costUsd: number; retries: number }
  settledAt: (jobKey: string) => Date | undefined
  now: () => Date
  onManifest?: (manifest: BulkManifest) => void
}

/** `<videoId>/<videoId>.<lang>.<ext>`: named by the language asked, or by the one found for a default-language job (`und` when none). */
function archivePath(job: BulkJob, langReceived: string): string {
  return `${job.videoId}/${captionFileName(job.videoId, job.lang ?? langReceived, job.format)}`
}

function fileRecord(
  job: BulkJob,
  value: FetchedCaption,
  attempts: number,
  costUsd: number,
): Omit<FileRecord, 'path' | 'format' | 'contentType' | 'source'> {
  return {
    videoId: job.videoId,
    mode: job.mode,
    langRequested: job.lang ?? null,
    langReceived: value.langReceived,
    langFrom: value.langFrom,
    url: value.url,
    bytes: value.bytes.byteLength,
    costUsd,
    cache: value.cache,
    fetchedAt: value.fetchedAt.toISOString(),
    attempts,
  }
}

type MissingBase = Omit<
  MissingRecord,
  'format' | 'source' | 'message' | 'attempts' | 'costUsd' | 'lookupOnly'
>

/** The formats that were to be written from `job`'s JSON track and were not, each reported on its own. */
function notConverted(job: BulkJob, base: MissingBase, message: string): MissingRecord[] {
  return job.converts.map((format) => ({
    ...base,
    format,
    source: 'converted',
    message,
    attempts: 0,
    costUsd: 0,
    lookupOnly: false,
  }))
}

/** Refused (a 4xx such as 404 captions_unavailable), given up on after transient failures, or never asked. */
function missingOutcome(error: unknown): MissingRecord['outcome'] {
  if (error instanceof SkippedError) return 'skipped'
  return isTransient(error) ? 'failed' : 'unavailable'
}

/** Turns pool outcomes into ZIP entries, then closes with manifest.json, report.csv and report.json. */
export async function* bulkArchiveEntries(
  outcomes: AsyncGenerator<PoolOutcome<BulkJob, FetchedCaption>, PoolEnd>,
  ctx: ArchiveContext,
): AsyncGenerator<ZipEntry, void, undefined> {
  const files: FileRecord[] = []
  const lookups: LookupRecord[] = []
  const missing: MissingRecord[] = []
  const seen = new Set<string>()
  const paths = new Set<string>()

  let step = await outcomes.next()
  for (; !step.done; step = await outcomes.next()) {
    const outcome = step.value
    const { job } = outcome
    if (seen.has(job.key))
      throw new Error(`The job ${job.key} settled twice; the archive would duplicate it.`)
    seen.add(job.key)
    const costUsd = ctx.costOf(job.key)
    if (outcome.status === 'failed') {
      const f = describeFailure(outcome.error)
      const failed: MissingBase = {
        outcome: missingOutcome(outcome.error),
        videoId: job.videoId,
        mode: job.mode,
        langRequested: job.lang ?? null,
        url: ctx.requestedUrl(job),
        status: f.status || null,
        code: f.code,
        at: (ctx.settledAt(job.key) ?? ctx.now()).toISOString(),
      }
      missing.push({
        ...failed,
        format: job.format,
        source: 'exact',
        message: f.message,
        attempts: outcome.error instanceof SkippedError ? 0 : outcome.attempts,
        costUsd,
        lookupOnly: !job.save && job.converts.length === 0,
      })
      missing.push(
        ...notConverted(
          job,
          failed,
          `Not converted: the JSON track it is written from failed (${f.message})`,
        ),
      )
      continue
    }
    const record = fileRecord(job, outcome.value, outcome.attempts, costUsd)
    const lang = job.lang ?? outcome.value.langReceived
    const add = (
      path: string,
      rest: Pick<FileRecord, 'format' | 'source' | 'contentType'> &
        Partial<Pick<FileRecord, 'bytes' | 'costUsd' | 'attempts'>>,
    ) => {
      if (paths.has(path))
        throw new Error(
          `Two caption files would both be ${path}; the archive refuses to overwrite one with the other.`,
        )
      paths.add(path)
      files.push({ path, ...record, ...rest })
    }
    if (job.save) {
      const path = archivePath(job, outcome.value.langReceived)
      add(path, { format: job.format, source: 'exact', contentType: outcome.value.contentType })
      yield { name: path, input: outcome.value.bytes, lastModified: outcome.value.fetchedAt }
    } else lookups.push(record)
    let converted: ReturnType<typeof convertedFiles> = []
    try {
      converted = convertedFiles(job, outcome.value.bytes, lang)
    } catch (e) {
      const base: MissingBase = {
        outcome: 'unavailable',
        videoId: job.videoId,
        mode: job.mode,
        langRequested: job.lang ?? null,
        url: outcome.value.url,
        status: null,
        code: 'conversion_failed',
        at: outcome.value.fetchedAt.toISOString(),
      }
      missing.push(...notConverted(job, base, `Not converted: ${describeFailure(e).message}`))
    }
    for (const file of converted) {
      add(file.path, {
        format: file.format,
        source: 'converted',
        contentType: captionContentType(file.format),
        bytes: file.bytes.byteLength,
        costUsd: 0,
        attempts: 0,
      })
      yield { name: file.path, input: file.bytes, lastModified: outcome.value.fetchedAt }
    }
  }

  const end = step.value
  for (const job of ctx.plan.jobs) {
    if (seen.has(job.key)) continue
    const notFetched: MissingBase = {
      outcome: 'not-fetched',
      videoId: job.videoId,
      mode: job.mode,
      langRequested: job.lang ?? null,
      url: ctx.requestedUrl(job),
      status: null,
      code: end.stopped === 'halted' ? 'halted' : 'stopped',
      at: null,
    }
    const message =
      end.stopped === 'halted'
        ? 'Not requested: the run halted before reaching it.'
        : 'Not requested or not finished: the run was stopped first.'
    missing.push({
      ...notFetched,
      format: job.format,
      source: 'exact',
      message,
      attempts: 0,
      costUsd: ctx.costOf(job.key),
      lookupOnly: !job.save && job.converts.length === 0,
    })
    missing.push(...notConverted(job, notFetched, message))
  }

  const finishedAt = ctx.now()
  const { costUsd, retries } = ctx.totals()
  const manifest = buildManifest({
    ...ctx.run,
    outcome: end.stopped === 'aborted' ? 'stopped' : end.stopped === 'halted' ? 'halted' : 'complete',
    ...(end.stopped === 'halted' ? { haltedBy: describeFailure(end.haltedBy) } : {}),
    finishedAt,
    plannedRequests: ctx.plan.requests,
    files,
    lookups,
    missing,
    costUsd,
    retries,
    dataSource: await loadDataSource(),
  })
  ctx.onManifest?.(manifest)
  yield { name: 'manifest.json', input: `${JSON.stringify(manifest, null, 2)}\n`, lastModified: finishedAt }
  yield { name: 'report.csv', input: reportCsv(manifest.missing), lastModified: finishedAt }
  yield { name: 'report.json', input: reportJson(manifest), lastModified: finishedAt }
}
