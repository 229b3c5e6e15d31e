/**
 * The corpus search's peer, SQLite FTS5 as yt-fts keeps transcripts, run by python3's built-in sqlite3
 * (fts5-peer.py): the generated videos streamed to it as JSON lines, the probes timed inside it. docs/decisions/0196.
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { firstHit, kwicLine, readMarks, type Kwic } from '#server/collections/search/kwic.ts'
import type { CorpusGenerator } from './corpus-generator.ts'
import type { HitKey } from './corpus-memory-scan.ts'

const SCRIPT = fileURLToPath(new URL('./fts5-peer.py', import.meta.url))

/** The script's digest: a cached peer database built by another version of it is not reused. */
export const peerVersion = () => createHash('sha256').update(readFileSync(SCRIPT)).digest('hex').slice(0, 8)

export type PeerLoad = { videos: number; cues: number; insertMs: number; indexMs: number; sizeBytes: number }

export type PeerLine = {
  videoId: string
  seq: number
  start: number
  duration: number
  text: string
  /** The cue's text with FTS5's highlight() marks (\u0001 … \u0002) around the matched words. */
  marked: string
  /** Up to `neighbours` cues before and after within the video, joined by a space; null when there are none. */
  prev: string | null
  next: string | null
}

export type PeerTiming = {
  key: string
  match: string
  pageMs: number[]
  countMs: number[]
  /** Page then count, one after the other. */
  answerMs: number[]
  firstAnswerMs: number
  total: number
  page: PeerLine[]
}

export type PeerProbeRequest = {
  probes: { key: string; match: string }[]
  warmUp: number
  runs: number
  limit: number
  neighbours: number
}

/** Runs the script with `input` on stdin (written with backpressure); its stdout parsed as JSON. */
async function runScript<T>(args: string[], input: AsyncIterable<string> | Iterable<string>): Promise<T> {
  const child = spawn('python3', [SCRIPT, ...args], { stdio: ['pipe', 'pipe', 'pipe'] })
  const out: Buffer[] = []
  const err: Buffer[] = []
  child.stdout.on('data', (b: Buffer) => out.push(b))
  child.stderr.on('data', (b: Buffer) => err.push(b))
  // A script that died leaves the pipe closed: its exit code and stderr say why, not EPIPE.
  child.stdin.on('error', () => undefined)
  const exited = once(child, 'close') as Promise<[number | null]>
  // Handled where it is awaited; meanwhile a failed spawn (no python3) must not be an unhandled rejection.
  exited.catch(() => undefined)
  try {
    for await (const chunk of input) {
      if (child.exitCode !== null) break
      if (!child.stdin.write(chunk)) await Promise.race([once(child.stdin, 'drain'), exited])
    }
    child.stdin.end()
    const [code] = await exited
    if (code !== 0)
      throw new Error(
        `python3 fts5-peer.py ${args[0]} exited with ${code}: ${Buffer.concat(err).toString().trim().slice(-2000)}`,
      )
    return JSON.parse(Buffer.concat(out).toString()) as T
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error(
        'python3 was not found on PATH: the corpus part runs its SQLite FTS5 peer in python3 (its built-in sqlite3); install python3 or run the other parts.',
        { cause: e },
      )
    throw e
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill()
  }
}

function* videoLines(generator: CorpusGenerator, videos: number, onVideo?: (loaded: number) => void) {
  for (let i = 0; i < videos; i++) {
    const v = generator.video(i)
    const cues = v.cues.map((c) => ({ start: c.start, duration: c.duration, text: c.text }))
    yield `${JSON.stringify({ videoId: v.videoId, cues })}\n`
    onVideo?.(i + 1)
  }
}

/** Builds the peer's SQLite file at `file` from the first `videos` generated videos (written whole or not at all). */
export function buildPeer(
  file: string,
  generator: CorpusGenerator,
  videos: number,
  onVideo?: (loaded: number) => void,
): Promise<PeerLoad> {
  return runScript<PeerLoad>(['build', file], videoLines(generator, videos, onVideo))
}

export async function probePeer(file: string, request: PeerProbeRequest): Promise<PeerTiming[]> {
  const answer = await runScript<{ probes: PeerTiming[] }>(['probe', file], [JSON.stringify(request)])
  return answer.probes
}

/** The peer's page as KWIC lines, cut as the product cuts them (kwic.ts), to compare with the scan's. */
export function peerHits(page: readonly PeerLine[]): (HitKey & Kwic)[] {
  return page.map((l) => ({
    videoId: l.videoId,
    seq: l.seq,
    ...kwicLine(l.text, firstHit(l.text, readMarks(l.marked).spans), l.prev, l.next),
  }))
}
