/** How the spend view and its exports name a data source: the demo simulator's invented data is never shown as real. */
import type { DataSource, SourceTotals } from './spend-schema.ts'

/** The line the summary opens with: which source its figures are for. */
export function sourceHeadline(source: DataSource): string {
  return source.kind === 'demo'
    ? 'Demo simulator — invented data, never counted against the budget'
    : `Live service at ${source.label}`
}

/** The source inside a sentence or an export's title. */
export function sourceName(source: DataSource): string {
  return source.kind === 'demo'
    ? 'demo simulator (invented data, never counted against the budget)'
    : `live service at ${source.label}`
}

export function isSameSource(row: SourceTotals, source: DataSource | undefined): boolean {
  return !!source && row.kind === source.kind && (row.kind === 'demo' || row.label === source.label)
}
