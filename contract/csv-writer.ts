/**
 * The one CSV writer of the app (docs/decisions/0130-csv-without-repair.md): RFC 4180, header on line 1, CRLF between
 * records, UTF-8 with a BOM, every value exactly as it is. Formula protection only in the opt-in Excel-safe variant.
 */
import Papa from 'papaparse'

type Cell = string | number | boolean | null | undefined
export type Column<T> = { header: string; value: (row: T) => Cell }

/** Excel, LibreOffice and Numbers read UTF-8 only after this mark; pandas and R skip it. */
export const UTF8_BOM = '\uFEFF'

/** What the Excel-safe variant changed, recorded in its provenance. */
export type ExcelSafety = {
  rule: string
  /** Headers of the columns where at least one cell was changed. */
  columns: string[]
  cells: number
}

export const EXCEL_SAFE_RULE =
  "A cell that starts with =, +, -, @, a tab or a carriage return (and is not a plain number) gets a leading apostrophe ('), so a spreadsheet shows it as text instead of running it as a formula. Remove the apostrophe to get the exact value; the plain CSV has it."

/** Spreadsheet apps run cells that start with these as formulas. */
function looksLikeFormula(v: string): boolean {
  return /^[=+\-@\t\r]/.test(v) && !/^[+-]?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(v)
}

function write(header: readonly string[], data: Cell[][]): string {
  // Line breaks inside a value are kept as they are (RFC 4180 allows any inside quotes); records end with CRLF.
  const body = Papa.unparse([[...header], ...data], { newline: '\r\n', quotes: false, escapeFormulae: false })
  return `${UTF8_BOM}${body}\r\n`
}

function cellsOf<T>(rows: readonly T[], columns: readonly Column<T>[]): Cell[][] {
  return rows.map((r) => columns.map((c) => c.value(r) ?? ''))
}

/** The exact values: what pandas.read_csv, R's read.csv and Excel load with no options. */
export function toCsv<T>(rows: readonly T[], columns: readonly Column<T>[]): string {
  return write(
    columns.map((c) => c.header),
    cellsOf(rows, columns),
  )
}

/** The opt-in variant for opening in a spreadsheet: formula-looking cells made text, and a count of what changed. */
export function toExcelSafeCsv<T>(
  rows: readonly T[],
  columns: readonly Column<T>[],
): { text: string; safety: ExcelSafety } {
  const changed = new Set<number>()
  let cells = 0
  const data = cellsOf(rows, columns).map((row) =>
    row.map((v, i) => {
      if (typeof v !== 'string' || !looksLikeFormula(v)) return v
      changed.add(i)
      cells++
      return `'${v}`
    }),
  )
  const headers = columns.map((c) => c.header)
  return {
    text: write(headers, data),
    safety: { rule: EXCEL_SAFE_RULE, columns: headers.filter((_, i) => changed.has(i)), cells },
  }
}

/** `{provenance, items}`: a JSON export carries where it came from. */
export function toJson(items: readonly unknown[], provenance: unknown): string {
  return `${JSON.stringify({ provenance, items }, null, 2)}\n`
}
