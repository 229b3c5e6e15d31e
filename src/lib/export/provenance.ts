/** Where exported data came from, so a researcher can cite and reproduce it. */
import { addUsd, type Operation } from '#contract/index.ts'

export type Provenance = {
  title: string
  /** The dashboard URL that reproduces the view (includes the whole query). */
  viewUrl: string
  operation: Operation | Operation[]
  /** The parameters sent to the service, as the function received them. */
  query: Record<string, unknown>
  pagesFetched: number
  itemCount: number
  /** What fetching these pages cost at list price, in US dollars (cached pages included at list price). */
  costUsd: number
  fetchedAt: string
  exportedAt: string
  dashboardVersion: string
  dataSource: string
}

export function makeProvenance(
  p: Omit<Provenance, 'exportedAt' | 'dashboardVersion' | 'dataSource' | 'costUsd'> & {
    pricesUsd: number[]
    dataSource?: string
  },
): Provenance {
  const { pricesUsd, dataSource, ...rest } = p
  return {
    ...rest,
    costUsd: addUsd(...pricesUsd),
    exportedAt: new Date().toISOString(),
    dashboardVersion: __APP_VERSION__,
    dataSource: dataSource ?? 'Poix data service (https://api.poix.io)',
  }
}

/** `# key: value` lines for the top of a CSV (pandas: comment='#'; R: comment.char='#'). */
export function provenanceCsvHeader(p: Provenance): string {
  return Object.entries(p)
    .map(([k, v]) => `# ${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`.replace(/[\r\n]+/g, ' '))
    .join('\n')
}
