/**
 * The one export used by every view: CSV (provenance as # lines), JSON ({provenance, items}) or a ZIP of both.
 * The writers (Papa Parse, client-zip) are imported when an export is asked for, not with the view (docs/decisions/0101).
 */
import { downloadBlob, downloadText } from './download.ts'
import type { Column } from './serialise.ts'
import type { Provenance } from './provenance.ts'

export type ExportFormat = 'csv' | 'json' | 'zip'

export type ExportRequest<T> = {
  items: readonly T[]
  columns: readonly Column<T>[]
  provenance: Provenance
  /** File name without extension. */
  basename: string
  /** What goes into JSON; defaults to the items as they are. */
  jsonItems?: readonly unknown[]
}

export async function exportData<T>(format: ExportFormat, req: ExportRequest<T>): Promise<void> {
  const { toCsv, toJson } = await import('./serialise.ts')
  const json = () => toJson(req.jsonItems ?? req.items, req.provenance)
  const csv = () => toCsv(req.items, req.columns, req.provenance)
  if (format === 'csv') return downloadText(csv(), `${req.basename}.csv`, 'text/csv')
  if (format === 'json') return downloadText(json(), `${req.basename}.json`, 'application/json')
  // The one ZIP library (docs/decisions/0122): it stores without compressing; these files are small.
  const { downloadZip } = await import('client-zip')
  const lastModified = new Date()
  const zip = await downloadZip([
    { name: `${req.basename}.csv`, input: csv(), lastModified },
    { name: `${req.basename}.json`, input: json(), lastModified },
    { name: 'provenance.json', input: `${JSON.stringify(req.provenance, null, 2)}\n`, lastModified },
  ]).blob()
  downloadBlob(
    zip.type === 'application/zip' ? zip : new Blob([zip], { type: 'application/zip' }),
    `${req.basename}.zip`,
  )
}
