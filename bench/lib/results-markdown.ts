/**
 * bench/RESULTS.md from the result files the bench and the load test write: for each file, the command, the date,
 * the machine, and the table of measured figures against their targets. `npm run bench -- --markdown` alone renders
 * it from the files as they are, without measuring anything.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { markdownTable, type Row } from './report.ts'

type LoadAverage = { start?: number[]; end?: number[] }
type Machine = { node?: string; cores?: number; cpu?: string; loadAverage?: LoadAverage }

/** What `npm run bench` writes (bench/results.json and the part files kept beside it). */
export type BenchResultsFile = {
  date: string
  command: string
  machine?: Machine
  measured?: string[]
  notRun?: string[]
  parts: Record<string, { measuredAt?: string; rows: Row[]; error?: string }>
}

/** What `npm run test:load` writes (bench/load-results*.json): one pass or fail for the whole run. */
export type LoadResultsFile = {
  date: string
  command: string
  passed?: boolean
  machine?: Machine
  rows: Row[]
}

export type ResultSource = { file: string; title: string; results: BenchResultsFile | LoadResultsFile }

/** The result files, in the order RESULTS.md shows them; a file that does not exist is left out. */
const RESULT_FILES: { file: string; title: string }[] = [
  { file: 'results.json', title: 'Latest run' },
  { file: 'corpus-results.json', title: 'Research corpus, its parts run on their own' },
  { file: 'sweep-results.json', title: 'Area sweep, run on its own' },
  { file: 'load-results.json', title: 'Load test, embedded database' },
  { file: 'load-results-postgres.json', title: 'Load test, Postgres server' },
]

/** `--markdown` changes only how a run is printed: the command that measured is the rest. */
export function measuringCommand(command: string): string {
  return command
    .replace(/\s--markdown\b/g, '')
    .replace(/\s--$/, '')
    .trim()
}

/** "2026-11-26 00:54 UTC" */
function utc(iso: string): string {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`
}

function machineLine(m: Machine | undefined): string {
  if (!m) return 'not recorded'
  const cores = m.cores ? `${m.cores} cores${m.cpu ? ` (${m.cpu})` : ''}` : m.cpu
  const load = m.loadAverage
  const loadText =
    load?.start?.[0] !== undefined && load.end?.[0] !== undefined
      ? `load average ${load.start[0].toFixed(2)} at the start, ${load.end[0].toFixed(2)} at the end`
      : undefined
  return [cores, m.node ? `Node ${m.node.replace(/^v/, '')}` : undefined, loadText].filter(Boolean).join(', ')
}

function rowsOf(results: BenchResultsFile | LoadResultsFile): Row[] {
  if ('parts' in results) {
    const order = results.measured ?? Object.keys(results.parts)
    return order.flatMap((p) => results.parts[p]?.rows ?? [])
  }
  return results.rows
}

function verdict(results: BenchResultsFile | LoadResultsFile, rows: readonly Row[]): string {
  const judged = rows.filter((r) => r.met !== undefined)
  const missed = judged.filter((r) => r.met === false)
  const parts = judged.length
    ? `${judged.length - missed.length} of ${judged.length} targets met`
    : 'no targets in this file'
  if ('passed' in results && results.passed !== undefined)
    return `${results.passed ? 'passed' : 'FAILED'} (${parts})`
  const failed = 'parts' in results ? Object.keys(results.parts).filter((p) => results.parts[p]?.error) : []
  return failed.length ? `${parts}; parts that could not run: ${failed.join(', ')}` : parts
}

/** One file's section: heading, what ran where and when, and its table. */
function resultsSection({ file, title, results }: ResultSource): string {
  const rows = rowsOf(results)
  const lines = [
    `## ${title}`,
    '',
    `- File: \`bench/${file}\``,
    `- Command: \`${measuringCommand(results.command)}\``,
    `- Date: ${utc(results.date)}`,
    `- Machine: ${machineLine(results.machine)}`,
  ]
  if ('parts' in results) {
    const notRun = results.notRun?.length ? ` (not run: ${results.notRun.join(', ')})` : ''
    lines.push(`- Parts: ${(results.measured ?? Object.keys(results.parts)).join(', ')}${notRun}`)
  }
  lines.push(`- Result: ${verdict(results, rows)}`, '', markdownTable(rows))
  return lines.join('\n')
}

/** The whole page. Each file keeps its own date and machine: figures from different runs are never merged. */
export function resultsMarkdown(sources: readonly ResultSource[]): string {
  return [
    '# Benchmark results',
    '',
    'Written by `npm run bench -- --markdown` from the result files in `bench/`: run the bench again rather than edit it.',
    'What each part measures and how to run it: [bench/README.md](README.md). Timings vary between runs on shared',
    'machines (by up to 2× under load): compare ratios within one run. Earlier runs and what changed between them:',
    '[bench/history/](history/).',
    '',
    ...sources.flatMap((s) => [resultsSection(s), '']),
  ].join('\n')
}

/** Reads the result files that exist in benchDir. */
export function readResultSources(benchDir: string): ResultSource[] {
  return RESULT_FILES.filter(({ file }) => existsSync(join(benchDir, file))).map(({ file, title }) => ({
    file,
    title,
    results: JSON.parse(readFileSync(join(benchDir, file), 'utf8')) as BenchResultsFile | LoadResultsFile,
  }))
}

/** Renders bench/RESULTS.md, formatted as the repository's Prettier settings ask (CI checks it). */
export async function writeResultsMarkdown(benchDir: string): Promise<string> {
  const path = join(benchDir, 'RESULTS.md')
  const { format, resolveConfig } = await import('prettier')
  const options = (await resolveConfig(path)) ?? {}
  writeFileSync(
    path,
    await format(resultsMarkdown(readResultSources(benchDir)), { ...options, filepath: path }),
  )
  return path
}
