/** Test harness: the real runtime (live mode) over a scripted service that counts what it was sent, with a clock the test moves. */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import { loadConfig } from '../config.ts'
import { createRuntime } from '../runtime.ts'
import { TEST_TOKEN } from './fake-upstream.ts'
import type { EngineUnderTest } from './postgres-cluster.ts'
import type { SpendReport } from '../spend/ledger.ts'
import type { Database } from '../db/database.ts'

type Answer = (req: Request) => Response | Promise<Response>

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;')
const CAPTION_FILES: Record<string, (asked: string) => string> = {
  srt: (a) => `1\n00:00:00,000 --> 00:00:01,000\n${a}\n`,
  vtt: (a) => `WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n${a}\n`,
  text: (a) => `${a}\n`,
  csv: (a) => `start,duration,text\n0,1,"${a}"\n`,
  xml: (a) =>
    `<?xml version="1.0" encoding="utf-8" ?><transcript><text start="0" dur="1">${xmlText(a)}</text></transcript>`,
  srv1: (a) => `<transcript><text start="0" dur="1">${xmlText(a)}</text></transcript>`,
  srv2: (a) => `<timedtext><text t="0" d="1000">${xmlText(a)}</text></timedtext>`,
  srv3: (a) => `<timedtext format="3"><body><p t="0" d="1000">${xmlText(a)}</p></body></timedtext>`,
  ttml: (a) =>
    `<tt xmlns="http://www.w3.org/ns/ttml"><body><div><p begin="00:00:00.000" end="00:00:01.000">${xmlText(a)}</p></div></body></tt>`,
  json3: (a) => JSON.stringify({ events: [{ tStartMs: 0, dDurationMs: 1000, segs: [{ utf8: a }] }] }),
}

/** A contract-valid answer for each operation; the body names the request, so tests can tell answers apart. */
export function serviceAnswer(req: Request): Response {
  const url = new URL(req.url)
  const asked = `${url.pathname}?${url.searchParams}`
  if (url.pathname === '/search') {
    return json({
      regionCode: 'FR',
      totalResults: 1,
      resultsPerPage: 50,
      data: [
        {
          kind: 'youtube#video',
          videoId: 'dQw4w9WgXcQ',
          publishedAt: '2026-01-01T00:00:00Z',
          channelId: 'UCuAXFkgsw1L7xaCfnd5JJOw',
          title: asked,
          description: '',
          thumbnails: {},
          channelTitle: 'c',
        },
      ],
    })
  }
  if (url.pathname === '/popularVideos') {
    return json({
      totalResults: 1,
      resultsPerPage: 1,
      data: [
        {
          id: 'dQw4w9WgXcQ',
          publishedAt: '2026-01-01T00:00:00Z',
          channelId: 'UCuAXFkgsw1L7xaCfnd5JJOw',
          title: asked,
          description: '',
          thumbnails: {},
          channelTitle: 'c',
        },
      ],
    })
  }
  if (url.pathname.startsWith('/captions/')) {
    const format = url.searchParams.get('format') ?? 'json'
    if (format === 'json')
      return json([
        {
          text: asked,
          offset: 0,
          duration: 1,
          lang: url.searchParams.get('lang') ?? 'en',
          wordCount: 1,
          speechRate: 60,
        },
      ])
    // A file of the format asked for: the function refuses (and never caches) one that is not.
    return new Response(CAPTION_FILES[format]?.(asked) ?? asked, {
      headers: { 'Content-Type': 'text/plain' },
    })
  }
  if (url.pathname.startsWith('/files/captions/'))
    return json([{ languageCode: 'en', languageName: asked, format: 'srt' }])
  if (url.pathname === '/commentReplies')
    return json({
      data: [
        {
          id: 'UgzoQVUwDeGW1IS5_uR4AaABAg.x',
          textDisplay: asked,
          textOriginal: asked,
          parentId: 'UgzoQVUwDeGW1IS5_uR4AaABAg',
          authorDisplayName: 'a',
          likeCount: 0,
          publishedAt: '2026-01-01T00:00:00Z',
          updatedAt: '2026-01-01T00:00:00Z',
        },
      ],
    })
  if (url.pathname === '/channels')
    return json({ totalResults: 1, data: [{ id: 'UCuAXFkgsw1L7xaCfnd5JJOw', title: asked }] })
  return json({ message: 'no such path' }, 404)
}

/** A clock that starts on a fixed day and only moves when told. */
export function testClock(start = Date.UTC(2026, 0, 5, 12, 0, 0)) {
  let t = start
  return { now: () => t, advance: (ms: number) => void (t += ms), set: (ms: number) => void (t = ms) }
}

/** Holds every upstream answer until released: concurrent requests really overlap. */
export function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open: () => open() }
}

export type HarnessOptions = {
  env?: Record<string, string>
  answer?: Answer
  now?: () => number
  /** Upstream answers wait for this before being sent. */
  hold?: Promise<void>
  /** An engine another harness opened: two instances on one embedded database. */
  db?: Database
}

export function spendHarness({ env = {}, answer = serviceAnswer, now, hold, db }: HarnessOptions = {}) {
  const seen: Request[] = []
  const fullEnv = {
    DATA_API_TOKEN: TEST_TOKEN,
    DATA_API_URL: 'https://api.poix.test',
    DATA_DIR: ':memory:',
    // A worker thread with an engine of its own per harness would slow every test that collects; its tests ask for it.
    COLLECT_VECTOR_WORKER: 'off',
    // A backup at start of every on-disk database would hold each test's engine for a second; their tests ask for it.
    BACKUP_KEEP: '0',
    ...env,
  }
  const config = loadConfig(fullEnv)
  const logs: string[] = []
  const runtime = createRuntime({
    config,
    now,
    db,
    log: (l) => logs.push(l),
    fetch: async (req) => {
      seen.push(req)
      if (hold) await hold
      return answer(req)
    },
  })
  /** A request from the same origin as the app, optionally from a given client address. */
  const request = (path: string, init: RequestInit = {}, client?: string) =>
    runtime.app.request(path, init, client ? { incoming: { socket: { remoteAddress: client } } } : undefined)
  const spend = async (limit?: number) =>
    (await (await request(`/api/spend${limit ? `?limit=${limit}` : ''}`)).json()) as SpendReport
  return { ...runtime, config, seen, logs, request, spend }
}

export async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string; param?: string } }).error
}

type Disposable = { dispose(): Promise<void> }

/**
 * For suites not run through describeOnEngines: every runtime handed to the returned function is disposed after
 * each test (an embedded database holds 100+ MB). Call it in the suite's body.
 */
export function disposedAfterEach(): <T extends Disposable>(runtime: T) => T {
  const runtimes: Disposable[] = []
  afterEach(async () => {
    await Promise.all(runtimes.splice(0).map((r) => r.dispose()))
  })
  return (runtime) => (runtimes.push(runtime), runtime)
}

/**
 * Storage that outlives one runtime: the test's database on the Postgres server, or a fresh folder for the
 * embedded engine (one process owns a folder at a time: dispose a runtime before opening the next on it).
 * Call at file level: the folders are removed after each test, once the suites' own hooks disposed their runtimes.
 */
export function lastingStorage(): (engine: EngineUnderTest) => Record<string, string> {
  const folders: string[] = []
  afterEach(() => {
    for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true })
  })
  return (engine) => {
    if (engine.kind === 'postgres') return engine.env()
    const dir = mkdtempSync(join(tmpdir(), 'poix-lasting-'))
    folders.push(dir)
    return { DATA_DIR: dir }
  }
}
