/** Where exported data came from, so a researcher can cite and reproduce it (docs/decisions/0131-provenance-names-the-source.md). */
import { addUsd, type Operation } from '#contract/index.ts'
import { citeSource, type ExportSource } from './data-source.ts'
import type { ExcelSafety } from './serialise.ts'

/** What the view showed when the export was made: the export holds exactly these rows, in this order. */
type ViewState = {
  /** The dashboard's own filters (empty when none). */
  filter: Record<string, unknown>
  sort: string
  /** `51 of 96 loaded videos`. */
  shown: string
}

/** What a view knows; the export adds the source, the version and the time when it is written. */
export type ProvenanceDraft = {
  title: string
  /** The dashboard URL that reproduces the view (includes the whole query). */
  viewUrl: string
  operation: Operation | Operation[]
  /** The parameters sent to the service, as the function received them. */
  query: Record<string, unknown>
  view?: ViewState
  pagesFetched: number
  itemCount: number
  /** What fetching these pages cost at list price, in US dollars (cached pages included at list price). */
  costUsd: number
  fetchedAt: string
}

export type Provenance = ProvenanceDraft & {
  /** Cite this: "demo simulator (invented data)", or the service's base URL. */
  source: string
  dataSource: ExportSource
  dashboardVersion: string
  exportedAt: string
  /** Only in the Excel-safe CSV's provenance: what it changed. */
  excelSafe?: ExcelSafety
}

export function makeProvenance(
  p: Omit<ProvenanceDraft, 'costUsd'> & { pricesUsd: number[] },
): ProvenanceDraft {
  const { pricesUsd, ...rest } = p
  return { ...rest, costUsd: addUsd(...pricesUsd) }
}

/** The draft with its source, version and export time: source first, so a reader meets it on line 2. */
export function completeProvenance<D extends ProvenanceDraft>(
  draft: D,
  source: ExportSource,
  exportedAt: Date,
): D & Provenance {
  const { title, ...rest } = draft
  return {
    title,
    source: citeSource(source),
    dataSource: source,
    dashboardVersion: __APP_VERSION__,
    ...rest,
    exportedAt: exportedAt.toISOString(),
  } as D & Provenance
}

/** `51 of 96 loaded videos`, or `all 96 loaded videos`. */
export function shownOf(shown: number, loaded: number, noun: string): string {
  return shown === loaded ? `all ${loaded} loaded ${noun}` : `${shown} of ${loaded} loaded ${noun}`
}
