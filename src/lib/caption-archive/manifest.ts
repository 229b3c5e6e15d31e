/**
 * What a bulk ZIP says about itself: every file's provenance, the run, and a report of what is missing and why
 * (docs/decisions/0078-bulk-archive-layout.md).
 */
import type { CaptionFormat, CaptionMode } from '#contract/index.ts'
import { citeSource, type ExportSource } from '#lib/export/data-source.ts'
import { toCsv, type Column } from '#lib/export/serialise.ts'
import type { FileSource } from '#lib/captions/convertible.ts'
import type { CacheState } from '#lib/paid-fetch.ts'
import type { LanguageChoice } from './plan.ts'

/**
 * Where a file's language came from: its JSON items, the request, the video's default-language lookup, a JSON track
 * of the video's default language the browser already held (`known-before`), or nowhere: `default-track` files are
 * the video's default track, language not learnt, named `<id>.default.<ext>` with `langReceived` "default".
 */
export type LanguageSource = 'json-items' | 'request' | 'default-lookup' | 'known-before' | 'default-track'

export type FileRecord = {
  /** Path inside the ZIP: `<videoId>/<videoId>.<lang>.<ext>` (`.converted.<ext>` for a converted file). */
  path: string
  videoId: string
  format: CaptionFormat
  /** exact: the service's own bytes; converted: written by the dashboard from the JSON track at `url`. */
  source: FileSource
  mode: CaptionMode
  /** null: the video's default language was asked for. */
  langRequested: string | null
  langReceived: string
  langFrom: LanguageSource
  /** The /api URL the file was fetched from (a converted file: the JSON track's it was written from). */
  url: string
  contentType: string
  bytes: number
  /** What this file cost, all attempts together (from the receipts; 0 when cached, and for a converted file). */
  costUsd: number
  cache: CacheState
  fetchedAt: string
  attempts: number
}

/** A JSON request not saved as a file: made to learn a video's default language, or to convert from (JSON not chosen as a format). */
export type LookupRecord = Omit<FileRecord, 'path' | 'format' | 'contentType' | 'source'>

type MissingOutcome = 'unavailable' | 'failed' | 'skipped' | 'not-fetched'

export type MissingRecord = {
  /** unavailable: the function refused it (e.g. 404 captions_unavailable); failed: transient errors outlasted the retries;
   * skipped: not requested because the video's default-language lookup failed; not-fetched: the run stopped first. */
  outcome: MissingOutcome
  videoId: string
  format: CaptionFormat
  /** converted: it was to be written from the JSON track, whose failure this is. */
  source: FileSource
  mode: CaptionMode
  langRequested: string | null
  /** The /api URL asked (or that would have been asked). */
  url: string
  status: number | null
  code: string
  message: string
  attempts: number
  costUsd: number
  at: string | null
  /** True when the lookup-only JSON request failed (no file of this format was asked for). */
  lookupOnly: boolean
}

type RunOutcome = 'complete' | 'stopped' | 'halted'

export type BulkManifest = {
  kind: 'poix-bulk-captions'
  run: {
    outcome: RunOutcome
    /** One sentence a reader understands without the rest. */
    summary: string
    startedAt: string
    /** When the last entry was written (finished or stopped). */
    finishedAt: string
    haltedBy: { status: number; code: string; message: string } | null
    viewUrl: string
    selection: {
      videoIds: string[]
      formats: CaptionFormat[]
      languages: 'default' | string[]
      mode: CaptionMode
      files: FileSource
    }
    concurrency: number
    maxAttempts: number
    totals: {
      plannedRequests: number
      files: number
      /** Of `files`, those written here from a JSON track. */
      converted: number
      lookups: number
      unavailable: number
      failed: number
      skipped: number
      notFetched: number
      bytes: number
      /** Everything the function charged during the run (the receipts' costs summed as received, failures included). */
      costUsd: number
      cacheHits: number
      retries: number
    }
    dashboardVersion: string
    /** Cite this: "demo simulator (invented data)", or the service's base URL. */
    source: string
    dataSource: ExportSource
  }
  files: FileRecord[]
  lookups: LookupRecord[]
  missing: MissingRecord[]
}

export type ManifestInput = {
  outcome: RunOutcome
  haltedBy?: { status: number; code: string; message: string }
  startedAt: Date
  finishedAt: Date
  viewUrl: string
  selection: {
    videoIds: readonly string[]
    formats: readonly CaptionFormat[]
    languages: LanguageChoice
    mode: CaptionMode
    files?: FileSource
  }
  concurrency: number
  maxAttempts: number
  plannedRequests: number
  files: readonly FileRecord[]
  lookups: readonly LookupRecord[]
  missing: readonly MissingRecord[]
  costUsd: number
  retries: number
  dashboardVersion?: string
  /** Where the captions came from, as /api/health names it (lib/export/data-source.ts). */
  dataSource: ExportSource
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`

/** The files a run meant to save and did not (a lookup-only JSON request is not a file). */
export function filesNotSaved(missing: readonly MissingRecord[]): MissingRecord[] {
  return missing.filter((m) => !m.lookupOnly)
}

/** ", 2 files not saved (from 1 video), see report.csv": the same words as the view's running figures. */
function notSavedClause(missing: readonly MissingRecord[]): string {
  const notSaved = filesNotSaved(missing)
  const videos = new Set(missing.map((m) => m.videoId)).size
  if (missing.length === 0) return ''
  if (notSaved.length === 0)
    return `; the default-language lookup of ${plural(videos, 'video')} failed, see report.csv`
  return `, ${plural(notSaved.length, 'file')} not saved (from ${plural(videos, 'video')}), see report.csv`
}

function summarise(input: ManifestInput): string {
  const saved = `${plural(input.files.length, 'file')} saved`
  const notSaved = notSavedClause(input.missing)
  if (input.outcome === 'stopped')
    return `Stopped by the researcher: this ZIP holds only the ${saved} before the stop${notSaved}.`
  if (input.outcome === 'halted')
    return `Halted: ${input.haltedBy?.message ?? 'a failure made every further request pointless'} This ZIP holds the ${saved}${notSaved}.`
  const converted = input.files.filter((f) => f.source === 'converted').length
  const written = converted ? ` (${converted} converted here from JSON tracks)` : ''
  return `Complete: ${saved}${written}${notSaved}.`
}

export function buildManifest(input: ManifestInput): BulkManifest {
  const count = (o: MissingOutcome) => input.missing.filter((m) => m.outcome === o).length
  const all = [...input.files, ...input.lookups]
  return {
    kind: 'poix-bulk-captions',
    run: {
      outcome: input.outcome,
      summary: summarise(input),
      startedAt: input.startedAt.toISOString(),
      finishedAt: input.finishedAt.toISOString(),
      haltedBy: input.haltedBy ?? null,
      viewUrl: input.viewUrl,
      selection: {
        videoIds: [...input.selection.videoIds],
        formats: [...input.selection.formats],
        languages: input.selection.languages === 'default' ? 'default' : [...input.selection.languages],
        mode: input.selection.mode,
        files: input.selection.files ?? 'exact',
      },
      concurrency: input.concurrency,
      maxAttempts: input.maxAttempts,
      totals: {
        plannedRequests: input.plannedRequests,
        files: input.files.length,
        converted: input.files.filter((f) => f.source === 'converted').length,
        lookups: input.lookups.length,
        unavailable: count('unavailable'),
        failed: count('failed'),
        skipped: count('skipped'),
        notFetched: count('not-fetched'),
        bytes: input.files.reduce((s, f) => s + f.bytes, 0),
        costUsd: input.costUsd,
        cacheHits: all.filter((f) => f.cache === 'HIT').length,
        retries: input.retries,
      },
      dashboardVersion: input.dashboardVersion ?? __APP_VERSION__,
      source: citeSource(input.dataSource),
      dataSource: input.dataSource,
    },
    files: [...input.files],
    lookups: [...input.lookups],
    missing: [...input.missing],
  }
}

const REPORT_COLUMNS: Column<MissingRecord>[] = [
  { header: 'outcome', value: (r) => r.outcome },
  { header: 'videoId', value: (r) => r.videoId },
  { header: 'lang', value: (r) => r.langRequested ?? 'default' },
  { header: 'format', value: (r) => formatCell(r) },
  { header: 'mode', value: (r) => r.mode },
  { header: 'status', value: (r) => r.status },
  { header: 'code', value: (r) => r.code },
  { header: 'message', value: (r) => r.message },
  { header: 'attempts', value: (r) => r.attempts },
  { header: 'costUsd', value: (r) => r.costUsd },
  { header: 'url', value: (r) => r.url },
  { header: 'at', value: (r) => r.at },
]

function formatCell(r: MissingRecord): string {
  if (r.lookupOnly) return `${r.format} (language lookup)`
  return r.source === 'converted' ? `${r.format} (converted)` : r.format
}

/** One row per missing file, through the app's one CSV writer: exact values, header on line 1. */
export function reportCsv(missing: readonly MissingRecord[]): string {
  return toCsv(missing, REPORT_COLUMNS)
}

export function reportJson(manifest: BulkManifest): string {
  return `${JSON.stringify({ run: { outcome: manifest.run.outcome, summary: manifest.run.summary, startedAt: manifest.run.startedAt, finishedAt: manifest.run.finishedAt }, missing: manifest.missing }, null, 2)}\n`
}
