/**
 * The promise of the exports (docs/decisions/0130): R's `read.csv(file)` and `pandas.read_csv(file)`, with no
 * options, read every value back exactly. Runs the real R and pandas (CI installs r-base-core and python3-pandas);
 * on a machine without them it says so and checks nothing, except in CI, where their absence fails.
 */
// @vitest-environment node
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { HARD_VALUES } from '#testing/hard-values.ts'
import { toCsv } from './serialise.ts'

function has(cmd: string, args: string[]): boolean {
  try {
    execFileSync(cmd, args, { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}
const R = has('Rscript', ['--version'])
/** The first Python that has pandas (a pyenv python may shadow Debian's, which has it). */
const PYTHON = ['python3', '/usr/bin/python3'].find((py) => has(py, ['-c', 'import pandas']))
const PANDAS = PYTHON !== undefined

const rows = HARD_VALUES.map((title, i) => ({ rank: i + 1, title, channel: `@chan${i}` }))
const dir = mkdtempSync(join(tmpdir(), 'poix-csv-'))
const file = join(dir, 'hard-values.csv')
writeFileSync(
  file,
  toCsv(rows, [
    { header: 'rank', value: (r) => r.rank },
    { header: 'title', value: (r) => r.title },
    { header: 'channel', value: (r) => r.channel },
  ]),
)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** What the tool read, as JSON: column names and each title (NA/NaN as null). */
type Read = { names: string[]; titles: (string | null)[]; channels: string[]; ranks: number[] }

/** pandas reads an empty field as missing (NaN): the one value it cannot tell from "", by design. */
const byPandas = (v: string) => (v === '' ? null : v)
/** R keeps "" but reads a CRLF inside a quoted value as LF (its text connections fold CR LF): the one change it makes. */
const byR = (v: string) => v.replace(/\r\n/g, '\n')

describe.runIf(R || process.env.CI)("R's read.csv with no options", () => {
  it('reads the header and every value exactly', () => {
    expect(R, 'Rscript is not installed (apt-get install r-base-core)').toBe(true)
    // R has no JSON writer of its own: each value percent-encoded (UTF-8 bytes) on a line, NA as <NA>.
    const script = [
      `d <- read.csv(${JSON.stringify(file)})`,
      'enc <- function(v) if (is.na(v)) "<NA>" else URLencode(as.character(v), reserved = TRUE)',
      'cat(paste(names(d), collapse = ","), "\\n", sep = "")',
      'for (col in c("title", "channel", "rank")) cat(paste(sapply(d[[col]], enc), collapse = ","), "\\n", sep = "")',
    ].join('\n')
    const [names, titles, channels, ranks] = execFileSync('Rscript', ['-e', script], { encoding: 'utf8' })
      .trimEnd()
      .split('\n')
      .map((line) => line.split(','))
    const dec = (v: string) => (v === '<NA>' ? null : decodeURIComponent(v))
    const read: Read = {
      names: names!,
      titles: titles!.map(dec),
      channels: channels!.map((v) => dec(v)!),
      ranks: ranks!.map(Number),
    }
    expect(read.names).toEqual(['rank', 'title', 'channel'])
    expect(read.titles).toEqual(HARD_VALUES.map(byR))
    expect(read.channels).toEqual(rows.map((r) => r.channel))
    expect(read.ranks).toEqual(rows.map((r) => r.rank))
  })
})

describe.runIf(PANDAS || process.env.CI)('pandas.read_csv with no options', () => {
  it('reads the header and every value exactly', () => {
    expect(PANDAS, 'pandas is not installed (apt-get install python3-pandas)').toBe(true)
    const script = [
      'import json, sys, pandas as pd',
      `d = pd.read_csv(${JSON.stringify(file)})`,
      'print(json.dumps({"names": list(d.columns), "titles": [None if pd.isna(t) else t for t in d["title"]],',
      '  "channels": list(d["channel"]), "ranks": [int(r) for r in d["rank"]]}))',
    ].join('\n')
    const read = JSON.parse(execFileSync(PYTHON ?? 'python3', ['-c', script], { encoding: 'utf8' })) as Read
    expect(read.names).toEqual(['rank', 'title', 'channel'])
    expect(read.titles).toEqual(HARD_VALUES.map(byPandas))
    expect(read.channels).toEqual(rows.map((r) => r.channel))
    expect(read.ranks).toEqual(rows.map((r) => r.rank))
  })
})
