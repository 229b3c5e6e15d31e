import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  measuringCommand,
  readResultSources,
  resultsMarkdown,
  writeResultsMarkdown,
  type BenchResultsFile,
  type LoadResultsFile,
} from './results-markdown.ts'

const bench: BenchResultsFile = {
  date: '2026-11-26T00:54:41.752Z',
  command: 'npm run bench -- --only=bundle,money --markdown',
  machine: {
    node: 'v20.20.2',
    cores: 2,
    cpu: 'AMD EPYC',
    loadAverage: { start: [1.34, 1, 1], end: [2.29, 1, 1] },
  },
  measured: ['bundle', 'money'],
  notRun: ['overhead'],
  parts: {
    // Written in another order than measured: the table follows `measured`.
    money: {
      rows: [
        { part: 'money', measure: 'second run: paid', value: '$0.00000', target: '$0', met: true },
        { part: 'money', measure: 'calls | paid', value: '12', compare: 'ledger' },
      ],
    },
    bundle: {
      rows: [
        {
          part: 'bundle',
          measure: 'home: first-load JS, gzip',
          value: '121.0 KB',
          compare: '372.9 KB raw',
          target: '< 120.0 KB',
          met: false,
        },
      ],
    },
  },
}

const load: LoadResultsFile = {
  date: '2026-11-25T08:31:58.800Z',
  command: 'npm run test:load',
  passed: true,
  rows: [{ part: 'load', measure: 'errors', value: '0', target: '0', met: true }],
}

describe('resultsMarkdown', () => {
  const page = resultsMarkdown([
    { file: 'results.json', title: 'Latest run', results: bench },
    { file: 'load-results.json', title: 'Load test', results: load },
  ])

  it('writes each measured figure beside its target, in the order the parts were measured', () => {
    const table = page.split('\n').filter((l) => l.startsWith('| '))
    expect(table).toEqual([
      '| Part | Measure | Value | Baseline or detail | Ratio | Target | Met |',
      '| bundle | home: first-load JS, gzip | 121.0 KB | 372.9 KB raw |  | < 120.0 KB | NO |',
      '| money | second run: paid | $0.00000 |  |  | $0 | yes |',
      '| money | calls \\| paid | 12 | ledger |  |  |  |',
      '| Part | Measure | Value | Baseline or detail | Ratio | Target | Met |',
      '| load | errors | 0 |  |  | 0 | yes |',
    ])
  })

  it('names the command that measured, the date and the machine of each file', () => {
    expect(page).toContain('- Command: `npm run bench -- --only=bundle,money`')
    expect(page).toContain('- Date: 2026-11-26 00:54 UTC')
    expect(page).toContain(
      '- Machine: 2 cores (AMD EPYC), Node 20.20.2, load average 1.34 at the start, 2.29 at the end',
    )
    expect(page).toContain('- Parts: bundle, money (not run: overhead)')
    expect(page).toContain('- Result: 1 of 2 targets met')
    expect(page).toContain('- Result: passed (1 of 1 targets met)')
  })
})

describe('measuringCommand', () => {
  it('drops --markdown, which only changes how a run is printed', () => {
    expect(measuringCommand('npm run bench -- --markdown')).toBe('npm run bench')
    expect(measuringCommand('npm run bench -- --only=sweep --markdown')).toBe('npm run bench -- --only=sweep')
  })
})

describe('writeResultsMarkdown', () => {
  let dir: string | undefined
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('renders the files that exist into RESULTS.md, formatted', async () => {
    dir = mkdtempSync(join(tmpdir(), 'results-md-'))
    writeFileSync(join(dir, 'results.json'), JSON.stringify(bench))
    expect(readResultSources(dir).map((s) => s.file)).toEqual(['results.json'])
    const path = await writeResultsMarkdown(dir)
    const text = readFileSync(path, 'utf8')
    expect(text).toMatch(/^# Benchmark results\n/)
    expect(text).toMatch(/\| bundle +\| home: first-load JS, gzip +\| 121\.0 KB +\|/)
    expect(text).not.toContain('Load test')
  })
})
