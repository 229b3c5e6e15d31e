/**
 * The one export used by every view: CSV (its `<name>.provenance.json` handed back for a link of its own), the
 * Excel-safe CSV variant, JSON (`{provenance, items}`) or a ZIP of all three. One press saves one file: browsers ask
 * before a page saves several at once. The source is asked of /api/health as the file is written.
 * The writers (Papa Parse, client-zip) are imported when an export is asked for, not with the view (docs/decisions/0101).
 */
import { downloadBlob, downloadText } from './download.ts'
import type { Column } from './serialise.ts'
import { completeProvenance, type Provenance, type ProvenanceDraft } from './provenance.ts'
import { loadDataSource } from './data-source.ts'

export type ExportFormat = 'csv' | 'excel-csv' | 'json' | 'zip'

export type ExportRequest<T> = {
  /** Exactly the rows the view shows, in its order. */
  items: readonly T[]
  columns: readonly Column<T>[]
  provenance: ProvenanceDraft
  /** File name without extension. */
  basename: string
  /** What goes into JSON; defaults to the items as they are. */
  jsonItems?: readonly unknown[]
}

/** The file a press saved and, for a CSV, its provenance: saved only when its own link is pressed. */
export type ExportedFile = { saved: string; provenance?: { name: string; blob: Blob } }

const sidecar = (p: Provenance, describes: string) => `${JSON.stringify({ describes, ...p }, null, 2)}\n`

/** The CSV alone; its `<name>.provenance.json` goes back to the menu: a CSV has no place for provenance every reader skips. */
function downloadCsv(file: string, text: string, provenance: Provenance): ExportedFile {
  downloadText(text, file, 'text/csv')
  const blob = new Blob([sidecar(provenance, file)], { type: 'application/json;charset=utf-8' })
  return { saved: file, provenance: { name: file.replace(/\.csv$/, '.provenance.json'), blob } }
}

export async function exportData<T>(format: ExportFormat, req: ExportRequest<T>): Promise<ExportedFile> {
  const [{ toCsv, toExcelSafeCsv, toJson }, source] = await Promise.all([
    import('./serialise.ts'),
    loadDataSource(),
  ])
  const provenance = completeProvenance(req.provenance, source, new Date())
  const name = req.basename
  const json = () => toJson(req.jsonItems ?? req.items, provenance)
  if (format === 'csv') return downloadCsv(`${name}.csv`, toCsv(req.items, req.columns), provenance)
  if (format === 'excel-csv') {
    const { text, safety } = toExcelSafeCsv(req.items, req.columns)
    return downloadCsv(`${name}.excel-safe.csv`, text, { ...provenance, excelSafe: safety })
  }
  if (format === 'json') {
    downloadText(json(), `${name}.json`, 'application/json')
    return { saved: `${name}.json` }
  }
  // The one ZIP library (docs/decisions/0122): it stores without compressing; these files are small.
  const { downloadZip } = await import('client-zip')
  const lastModified = new Date()
  const zip = await downloadZip([
    { name: `${name}.csv`, input: toCsv(req.items, req.columns), lastModified },
    { name: `${name}.json`, input: json(), lastModified },
    { name: `${name}.provenance.json`, input: sidecar(provenance, `${name}.csv`), lastModified },
  ]).blob()
  downloadBlob(
    zip.type === 'application/zip' ? zip : new Blob([zip], { type: 'application/zip' }),
    `${name}.zip`,
  )
  return { saved: `${name}.zip` }
}
