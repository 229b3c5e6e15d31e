/**
 * A strict RFC 4180 reader for tests: what a CSV must be for pandas, R and Excel to load it with no options.
 * Rejects a missing UTF-8 BOM, a bare LF or CR between records, a quote inside an unquoted field, anything
 * between a closing quote and the next separator, an unclosed quote, a blank or `#` line where the header belongs,
 * and records whose field count differs from the header's.
 */
export type StrictCsv = {
  header: string[]
  rows: string[][]
  /** The rows keyed by header. */
  records: Record<string, string>[]
}

export class CsvError extends Error {}

function fail(message: string, at: number): never {
  throw new CsvError(`${message} (at character ${at})`)
}

function parseRecords(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let i = 0
  for (;;) {
    let field = ''
    if (text[i] === '"') {
      i++
      for (;;) {
        if (i >= text.length) fail('A quoted field is never closed', i)
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"'
            i += 2
            continue
          }
          i++
          break
        }
        field += text[i++]
      }
      if (i < text.length && text[i] !== ',' && text[i] !== '\r')
        fail(`Only a comma or CRLF may follow a closing quote, not ${JSON.stringify(text[i])}`, i)
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r') {
        if (text[i] === '"') fail('A quote inside an unquoted field', i)
        if (text[i] === '\n') fail('A bare LF line ending (records end with CRLF)', i)
        field += text[i++]
      }
    }
    record.push(field)
    if (i >= text.length) {
      records.push(record)
      return records
    }
    if (text[i] === ',') {
      i++
      continue
    }
    if (text[i + 1] !== '\n') fail('A bare CR line ending (records end with CRLF)', i)
    i += 2
    records.push(record)
    record = []
    if (i >= text.length) return records
  }
}

export function readStrictCsv(text: string): StrictCsv {
  if (!text.startsWith('\uFEFF')) fail('No UTF-8 byte order mark: Excel would garble accents and emoji', 0)
  const body = text.slice(1)
  if (body === '' || body.startsWith('\r\n')) fail('Line 1 is empty: the header must be on line 1', 1)
  if (body.startsWith('#')) fail('Line 1 is a comment, not the header', 1)
  const [header, ...rows] = parseRecords(body)
  if (new Set(header).size !== header!.length) fail('The header repeats a column name', 1)
  rows.forEach((r, n) => {
    if (r.length !== header!.length)
      fail(`Record ${n + 2} has ${r.length} fields, the header ${header!.length}`, 0)
  })
  return {
    header: header!,
    rows,
    records: rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!]))),
  }
}

/** The same check on bytes as downloaded: they must be UTF-8 and start with EF BB BF. */
export function readStrictCsvBytes(bytes: Uint8Array): StrictCsv {
  return readStrictCsv(new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes))
}
