/**
 * `npm run bench [-- --only=overhead,transcript,bundle,lighthouse,money,session,startup,corpus,collect,collection-view,sweep] [--service-ms=100] [--corpus-size=10000 (videos; alias --corpus-videos)] [--markdown]`: measures each part side
 * by side in one run, prints a table with each target beside its figure, and writes bench/results.json with only the parts
 * this run measured (its `parts` list says which): figures from earlier runs are never carried into it.
 * `--markdown` with other arguments also prints the table in Markdown and writes bench/RESULTS.md after the run;
 * `npm run bench -- --markdown` alone measures nothing: it writes bench/RESULTS.md from the result files as they are.
 * Every part has a time limit; every process it starts is stopped by PID, also on failure.
 * docs/decisions/0090-bench-harness.md
 */
import { writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { measureBundle } from './parts/bundle.ts'
import { runLighthouse } from './parts/lighthouse.ts'
import { runMoney } from './parts/money.ts'
import { runSession } from './parts/session.ts'
import { runStartup } from './parts/startup.ts'
import { DEFAULT_SERVICE_MS, runOverhead } from './parts/overhead.ts'
import { runTranscript } from './parts/transcript.ts'
import { DEFAULT_CORPUS_VIDEOS, runCorpus } from './parts/corpus.ts'
import { runCorpusCollect } from './parts/corpus-collect.ts'
import { runCorpusView } from './parts/corpus-view.ts'
import { runSweepBench } from './parts/sweep.ts'
import { REPO_ROOT, stopAll, stopChildrenOnSignals, type ChildServer } from './lib/processes.ts'
import { markdownTable, textTable, within, type PartOutcome, type Row } from './lib/report.ts'
import { writeResultsMarkdown } from './lib/results-markdown.ts'
import { startProductionServer, tempDir } from './lib/servers.ts'
import { buildSpa, type SpaBuild } from './lib/spa-build.ts'

const PARTS = [
  'overhead',
  'transcript',
  'bundle',
  'lighthouse',
  'money',
  'session',
  'startup',
  'corpus',
  'collect',
  'collection-view',
  'sweep',
] as const
type Part = (typeof PARTS)[number]

const LIMIT_MS: Record<Part, number> = {
  overhead: 7 * 60_000,
  transcript: 5 * 60_000,
  bundle: 8 * 60_000, // includes the build
  lighthouse: 15 * 60_000,
  money: 3 * 60_000,
  session: 10 * 60_000,
  startup: 4 * 60_000,
  corpus: 60 * 60_000, // two bulk loads of ~10 M cues and their GIN indexes
  collect: 20 * 60_000,
  'collection-view': 5 * 60_000,
  sweep: 10 * 60_000,
}
const BUILD_LIMIT_MS = 7 * 60_000
const RESULTS_PATH = join(REPO_ROOT, 'bench', 'results.json')

/**
 * A part's garbage is collected before the next part starts, not during its timings: the corpus part leaves ~1 GB
 * (its in-memory baseline) that V8 otherwise marked and swept on the two cores while the collect part's first job
 * ran (decision 0180). `npm run bench` runs with --expose-gc; without it this does nothing.
 */
function collectGarbage(): void {
  ;(globalThis as { gc?: () => void }).gc?.()
}

type Args = { parts: Part[]; markdown: boolean; serviceMs: number; corpusVideos: number }

function parseArgs(argv: string[]): Args {
  let parts: Part[] = [...PARTS]
  let markdown = false
  let serviceMs = DEFAULT_SERVICE_MS
  let corpusVideos = DEFAULT_CORPUS_VIDEOS
  for (const arg of argv) {
    if (arg === '--markdown') markdown = true
    else if (/^--corpus-(videos|size)=/.test(arg)) {
      corpusVideos = Number(arg.slice(arg.indexOf('=') + 1))
      if (!Number.isInteger(corpusVideos) || corpusVideos < 10 || corpusVideos > 100_000)
        throw new Error(
          `${arg.slice(0, arg.indexOf('='))} takes a whole number of videos from 10 to 100000, not "${arg.slice(arg.indexOf('=') + 1)}".`,
        )
    } else if (arg.startsWith('--service-ms=')) {
      serviceMs = Number(arg.slice('--service-ms='.length))
      if (!Number.isInteger(serviceMs) || serviceMs < 1 || serviceMs > 10_000)
        throw new Error(
          `--service-ms takes whole milliseconds from 1 to 10000, not "${arg.slice('--service-ms='.length)}".`,
        )
    } else if (arg.startsWith('--only=')) {
      const names = arg
        .slice('--only='.length)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
      const unknown = names.filter((n) => !(PARTS as readonly string[]).includes(n))
      if (unknown.length || names.length === 0)
        throw new Error(
          `--only takes a comma-separated list of ${PARTS.join(', ')}; "${unknown.join(', ') || arg}" is not one of them.`,
        )
      parts = PARTS.filter((p) => names.includes(p))
    } else
      throw new Error(
        `Unknown argument "${arg}": use --only=${PARTS.join(',')}, --service-ms=N, --corpus-videos=N and/or --markdown.`,
      )
  }
  return { parts, markdown, serviceMs, corpusVideos }
}

type StoredPart = { measuredAt: string; rows: Row[]; data?: unknown; error?: string }
type Results = {
  date: string
  command: string
  machine: Record<string, unknown>
  /** The parts this run measured, in order; a part not named here was not run, and its figures are not in this file. */
  measured: Part[]
  notRun: Part[]
  parts: Partial<Record<Part, StoredPart>>
}

async function main() {
  const argv = process.argv.slice(2)
  if (argv.length === 1 && argv[0] === '--markdown') {
    const path = await writeResultsMarkdown(join(REPO_ROOT, 'bench'))
    console.log(`Written to ${path} from the result files in bench/; nothing was measured.`)
    return
  }
  const { parts, markdown, serviceMs, corpusVideos } = parseArgs(argv)
  stopChildrenOnSignals()
  const log = (line: string) => console.error(line)
  const loadAtStart = loadavg()
  log(
    `Benchmarks: ${parts.join(', ')} — ${cpus().length} cores, load average ${loadAtStart.map((l) => l.toFixed(2)).join(' ')}`,
  )

  const scratch = tempDir('run')
  let build: SpaBuild | undefined
  let server: ChildServer | undefined
  const needBuild = async () =>
    (build ??= await within('the SPA build', BUILD_LIMIT_MS, () =>
      buildSpa(join(scratch.path, 'dist'), BUILD_LIMIT_MS),
    ))
  const needServer = async () =>
    (server ??= await startProductionServer({
      distDir: (await needBuild()).outDir,
      cacheDir: join(scratch.path, 'cache'),
    }))

  const stored: Results['parts'] = {}
  try {
    for (const part of parts) {
      log(`\n▶ ${part}`)
      const started = performance.now()
      let outcome: PartOutcome
      try {
        outcome = await within(part, LIMIT_MS[part], async () => {
          switch (part) {
            case 'overhead':
              return runOverhead(log, { serviceMs })
            case 'money':
              return runMoney(log)
            case 'bundle': {
              const b = await needBuild()
              log(`  built in ${b.seconds.toFixed(0)} s`)
              return measureBundle(b)
            }
            case 'transcript':
              return runTranscript(await needServer(), log)
            case 'lighthouse':
              return runLighthouse(await needServer(), log)
            case 'session': {
              // A server of its own: its first session must start from an empty cache.
              const own = await startProductionServer({
                distDir: (await needBuild()).outDir,
                cacheDir: join(scratch.path, 'session-cache'),
              })
              try {
                return await runSession(own.origin, log)
              } finally {
                await own.stop()
              }
            }
            case 'startup':
              return runStartup(await needBuild(), log)
            case 'corpus':
              return runCorpus(log, { videos: corpusVideos })
            case 'collect':
              return runCorpusCollect(log)
            case 'collection-view':
              return runCorpusView(await needServer(), log)
            case 'sweep':
              return runSweepBench(log)
          }
        })
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e)
        log(`  ✖ ${part} failed: ${message}`)
        stored[part] = {
          measuredAt: new Date().toISOString(),
          rows: [{ part, measure: 'FAILED', value: message.split('\n')[0]!.slice(0, 160), met: false }],
          error: message,
        }
        continue
      }
      log(`  done in ${((performance.now() - started) / 1000).toFixed(0)} s`)
      stored[part] = { measuredAt: new Date().toISOString(), rows: outcome.rows, data: outcome.data }
      collectGarbage()
    }
  } finally {
    await server?.stop()
    await stopAll()
    scratch.remove()
  }

  const loadAtEnd = loadavg()
  const rows = parts.flatMap((p) => stored[p]?.rows ?? [])
  const results: Results = {
    date: new Date().toISOString(),
    command: `npm run bench${argv.length > 0 ? ` -- ${argv.join(' ')}` : ''}`,
    machine: {
      node: process.version,
      cores: cpus().length,
      cpu: cpus()[0]?.model,
      loadAverage: { start: loadAtStart, end: loadAtEnd },
    },
    measured: parts,
    notRun: PARTS.filter((p) => !parts.includes(p)),
    parts: stored,
  }
  writeFileSync(RESULTS_PATH, `${JSON.stringify(results, null, 2)}\n`)

  console.log(
    `\n${results.command} — ${results.date} — load average ${loadAtStart[0]!.toFixed(2)} at start, ${loadAtEnd[0]!.toFixed(2)} at end (${cpus().length} cores)\n`,
  )
  console.log(textTable(rows))
  if (markdown) {
    console.log(`\n${markdownTable(rows)}`)
    console.log(`\nWritten to ${await writeResultsMarkdown(join(REPO_ROOT, 'bench'))}.`)
  }
  const missed = rows.filter((r) => r.met === false)
  const failed = parts.filter((p) => stored[p]?.error)
  const notRun = results.notRun.length
    ? ` It holds ${parts.join(', ')} only (not run: ${results.notRun.join(', ')}).`
    : ''
  console.log(
    `\n${rows.filter((r) => r.met !== undefined).length - missed.length} targets met, ${missed.length} not met${failed.length ? `; parts that could not run: ${failed.join(', ')}` : ''}. Written to bench/results.json.${notRun}`,
  )
  process.exitCode = failed.length ? 1 : 0
}

main().catch(async (e) => {
  console.error(e instanceof Error ? e.message : e)
  await stopAll()
  process.exit(1)
})
