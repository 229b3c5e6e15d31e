/** Rows of the benchmark table, percentiles, and time limits shared by every part. */

export type Row = {
  part: string
  measure: string
  value: string
  /** What it is compared with (the baseline), when there is one. */
  compare?: string
  ratio?: string
  target?: string
  /** true/false when a target applies, undefined otherwise. */
  met?: boolean
}

export type PartOutcome = { rows: Row[]; data: unknown }

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[rank]!
}

export const median = (values: readonly number[]) => percentile(values, 50)

export function ms(n: number): string {
  if (!Number.isFinite(n)) return '—'
  return n < 10 ? `${n.toFixed(2)} ms` : n < 100 ? `${n.toFixed(1)} ms` : `${Math.round(n)} ms`
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
export const ratio = (a: number, b: number, digits = 2) =>
  b > 0 && Number.isFinite(a / b) ? `${(a / b).toFixed(digits)}×` : '—'
export const usd = (n: number) => `$${n.toFixed(5)}`
export const count = (n: number) => n.toLocaleString('en-US')

/** Rejects when the work takes longer than the limit; the caller's finally-blocks stop what it started. */
export async function within<T>(label: string, limitMs: number, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${label} took longer than its limit of ${Math.round(limitMs / 1000)} s`)),
      limitMs,
    )
  })
  try {
    return await Promise.race([work(), limit])
  } finally {
    clearTimeout(timer)
  }
}

const COLUMNS: { key: keyof Row; title: string }[] = [
  { key: 'part', title: 'Part' },
  { key: 'measure', title: 'Measure' },
  { key: 'value', title: 'Value' },
  { key: 'compare', title: 'Baseline or detail' },
  { key: 'ratio', title: 'Ratio' },
  { key: 'target', title: 'Target' },
  { key: 'met', title: 'Met' },
]

function cell(row: Row, key: keyof Row): string {
  const v = row[key]
  if (key === 'met') return v === undefined ? '' : v ? 'yes' : 'NO'
  return v === undefined ? '' : String(v)
}

/** A plain-text table for the terminal. */
export function textTable(rows: readonly Row[]): string {
  const widths = COLUMNS.map((c) => Math.max(c.title.length, ...rows.map((r) => cell(r, c.key).length)))
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd()
  return [
    line(COLUMNS.map((c) => c.title)),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map((r) => line(COLUMNS.map((c) => cell(r, c.key)))),
  ].join('\n')
}

/** The same table in Markdown (bench/RESULTS.md, and the terminal with --markdown). */
export function markdownTable(rows: readonly Row[]): string {
  const esc = (s: string) => s.replace(/\|/g, '\\|')
  return [
    `| ${COLUMNS.map((c) => c.title).join(' | ')} |`,
    `|${COLUMNS.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${COLUMNS.map((c) => esc(cell(r, c.key))).join(' | ')} |`),
  ].join('\n')
}
