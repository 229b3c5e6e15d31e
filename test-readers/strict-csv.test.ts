import { describe, expect, it } from 'vitest'
import { CsvError, readStrictCsv, readStrictCsvBytes } from './strict-csv.ts'

const BOM = '\uFEFF'

describe('readStrictCsv', () => {
  it('reads a valid file: header on line 1, quoted commas, doubled quotes, line breaks inside quotes', () => {
    const csv = `${BOM}id,title\r\n1,"a, ""b"""\r\n2,"line\nbreak\r\nkept"\r\n`
    expect(readStrictCsv(csv)).toEqual({
      header: ['id', 'title'],
      rows: [
        ['1', 'a, "b"'],
        ['2', 'line\nbreak\r\nkept'],
      ],
      records: [
        { id: '1', title: 'a, "b"' },
        { id: '2', title: 'line\nbreak\r\nkept' },
      ],
    })
  })

  it('accepts a last record without its CRLF, and empty fields', () => {
    expect(readStrictCsv(`${BOM}a,b\r\n,x`).rows).toEqual([['', 'x']])
  })

  it.each([
    ['a missing BOM', 'id\r\n1\r\n', /byte order mark/],
    ['a bare LF line ending', `${BOM}id\n1\r\n`, /bare LF/],
    ['a bare CR line ending', `${BOM}id\r1\r\n`, /bare CR/],
    ['a quote inside an unquoted field', `${BOM}id,t\r\n1,say "hi"\r\n`, /quote inside an unquoted/],
    ['text after a closing quote', `${BOM}id\r\n"a"b\r\n`, /closing quote/],
    ['an unclosed quote', `${BOM}id\r\n"a\r\n`, /never closed/],
    ['a comment line above the header', `${BOM}# title: x\r\nid\r\n1\r\n`, /comment, not the header/],
    ['an empty line 1', `${BOM}\r\nid\r\n1\r\n`, /Line 1 is empty/],
    ['a record with too few fields', `${BOM}a,b\r\n1\r\n`, /Record 2 has 1 fields/],
  ])('rejects %s', (_, csv, message) => {
    expect(() => readStrictCsv(csv)).toThrow(CsvError)
    expect(() => readStrictCsv(csv)).toThrow(message)
  })

  it('reads bytes as downloaded and refuses bytes that are not UTF-8', () => {
    const bytes = new TextEncoder().encode(`${BOM}t\r\nCafé 😀\r\n`)
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(readStrictCsvBytes(bytes).rows).toEqual([['Café 😀']])
    expect(() => readStrictCsvBytes(new Uint8Array([0xef, 0xbb, 0xbf, 0x74, 0xff]))).toThrow()
  })
})
