import Papa from 'papaparse'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { HARD_VALUES } from '#testing/hard-values.ts'
import { readStrictCsv } from '#test-readers/strict-csv.ts'
import { EXCEL_SAFE_RULE, toCsv, toExcelSafeCsv, type Column } from './serialise.ts'

type Row = { id: string; title: string; n: number | null; ok: boolean }
const COLUMNS: Column<Row>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'title', value: (r) => r.title },
  { header: 'n', value: (r) => r.n },
  { header: 'ok', value: (r) => r.ok },
]

const rows: Row[] = HARD_VALUES.map((title, i) => ({
  id: `v${i}`,
  title,
  n: i % 3 ? i : null,
  ok: i % 2 === 0,
}))

describe('toCsv', () => {
  const csv = toCsv(rows, COLUMNS)

  it('is strict RFC 4180: BOM, header on line 1, CRLF between records', () => {
    const read = readStrictCsv(csv)
    expect(read.header).toEqual(['id', 'title', 'n', 'ok'])
    expect(csv.startsWith('\uFEFFid,title,n,ok\r\n')).toBe(true)
    expect(csv.endsWith('\r\n')).toBe(true)
  })

  it('gives every value back exactly: no apostrophe, no cut at #, line breaks as they were', () => {
    const read = readStrictCsv(csv)
    expect(read.records.map((r) => r.title)).toEqual(HARD_VALUES)
    expect(read.records[0]).toEqual({ id: 'v0', title: '#1 hit # not a comment', n: '', ok: 'true' })
    expect(read.records[1]).toMatchObject({ n: '1', ok: 'false' })
  })

  it('is read the same by Papa Parse with no options but the BOM skipped', () => {
    const parsed = Papa.parse<string[]>(csv.slice(1), { newline: '\r\n' }).data
    expect(parsed.slice(1, -1).map((r) => r[1])).toEqual(HARD_VALUES)
  })

  it('writes only the header when there are no rows', () => {
    expect(toCsv([], COLUMNS)).toBe('\uFEFFid,title,n,ok\r\n')
  })

  it('round-trips any string', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 1, maxLength: 5 }), (titles) => {
        const read = readStrictCsv(
          toCsv(
            titles.map((title) => ({ id: 'x', title, n: 1, ok: true })),
            COLUMNS,
          ),
        )
        expect(read.records.map((r) => r.title)).toEqual(titles)
      }),
    )
  })
})

describe('toExcelSafeCsv', () => {
  it('makes formula-looking cells text and says which columns and how many cells it changed', () => {
    const { text, safety } = toExcelSafeCsv(rows, COLUMNS)
    const titles = readStrictCsv(text).records.map((r) => r.title)
    expect(titles[1]).toBe("'@handle replies")
    expect(titles[2]).toBe(`'=HYPERLINK("http://evil")`)
    expect(titles[3]).toBe("'+33 1 23")
    expect(titles[4]).toBe("'-minus")
    // Numbers stay numbers; other values are untouched.
    expect(titles[12]).toBe('-12.5')
    expect(titles[0]).toBe('#1 hit # not a comment')
    expect(safety).toEqual({ rule: EXCEL_SAFE_RULE, columns: ['title'], cells: 4 })
  })

  it('changes nothing, and says so, when no cell looks like a formula', () => {
    const plain = rows.filter((r) => !/^[=+\-@]/.test(r.title))
    const { text, safety } = toExcelSafeCsv(plain, COLUMNS)
    expect(text).toBe(toCsv(plain, COLUMNS))
    expect(safety).toMatchObject({ columns: [], cells: 0 })
  })
})
