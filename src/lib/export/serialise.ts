/** Rows → CSV and JSON text with provenance; CSV through Papa Parse (quotes, line breaks, formulas). */
import Papa from 'papaparse'
import { provenanceCsvHeader, type Provenance } from './provenance.ts'

export type Column<T> = { header: string; value: (row: T) => string | number | boolean | null | undefined }

/** Spreadsheet apps run cells that start with these as formulas; a leading quote keeps them text. */
function neutraliseFormula(v: string): string {
  return /^[=+\-@\t\r]/.test(v) && !/^-?\d+(\.\d+)?$/.test(v) ? `'${v}` : v
}

export function toCsv<T>(rows: readonly T[], columns: readonly Column<T>[], provenance?: Provenance): string {
  const data = rows.map((r) =>
    columns.map((c) => {
      const v = c.value(r)
      return typeof v === 'string' ? neutraliseFormula(v) : (v ?? '')
    }),
  )
  const csv = Papa.unparse({ fields: columns.map((c) => c.header), data }, { newline: '\r\n' })
  return provenance ? `${provenanceCsvHeader(provenance)}\r\n${csv}\r\n` : `${csv}\r\n`
}

export function toJson<T>(items: readonly T[], provenance: Provenance): string {
  return `${JSON.stringify({ provenance, items }, null, 2)}\n`
}
