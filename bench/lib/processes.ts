/**
 * Child processes of the benchmarks: each server runs in its own Node process (its own event loop), is
 * started with `node --import tsx` (one PID, no wrapper to leak), announces its port on stdout, and is
 * stopped by that PID — also when the benchmark fails or is interrupted.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url))

export type ChildServer = {
  name: string
  pid: number
  port: number
  origin: string
  child: ChildProcess
  /** The last lines it wrote to stderr, for failure messages. */
  stderrTail(): string
  /** Lines on stderr matching this, since start (e.g. unexpected-error logs). */
  countStderr(re: RegExp): number
  /** Everything it wrote to stderr since start (the last line included once it ends with a newline). */
  stderrText(): string
  stop(): Promise<void>
}

export type StartOptions = {
  name: string
  /** Script path relative to the repository root. */
  script: string
  env: Record<string, string | undefined>
  nodeArgs?: string[]
  /** Finds the port in one line of output; the process is ready when it returns a number. */
  ready: (line: string) => number | undefined
  timeoutMs: number
  /** Opens an IPC channel (process.send in the child). */
  ipc?: boolean
}

const running = new Map<number, ChildServer>()

export function startNodeProcess(opts: StartOptions): Promise<ChildServer> {
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', opts.script], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...opts.env },
    stdio: ['pipe', 'pipe', 'pipe', ...(opts.ipc ? (['ipc'] as const) : [])],
  })
  const tail: string[] = []
  const stderrLines: string[] = []
  return new Promise<ChildServer>((resolve, reject) => {
    let settled = false
    const fail = (message: string) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      if (child.pid !== undefined && child.exitCode === null) process.kill(child.pid, 'SIGKILL')
      reject(
        new Error(`${opts.name}: ${message}${tail.length ? `\n  last output:\n  ${tail.join('\n  ')}` : ''}`),
      )
    }
    const timer = setTimeout(
      () => fail(`not ready within ${Math.round(opts.timeoutMs / 1000)} s`),
      opts.timeoutMs,
    )
    const onLine = (line: string, isStderr: boolean) => {
      tail.push(line)
      if (tail.length > 15) tail.shift()
      if (isStderr) stderrLines.push(line)
      if (settled) return
      const port = opts.ready(line)
      if (port === undefined || child.pid === undefined) return
      settled = true
      clearTimeout(timer)
      const server: ChildServer = {
        name: opts.name,
        pid: child.pid,
        port,
        origin: `http://127.0.0.1:${port}`,
        child,
        stderrTail: () => tail.join('\n'),
        countStderr: (re) => stderrLines.filter((l) => re.test(l)).length,
        stderrText: () => stderrLines.join('\n'),
        stop: () => stopChild(child),
      }
      running.set(child.pid, server)
      child.once('exit', () => running.delete(server.pid))
      resolve(server)
    }
    linesOf(child.stdout!, (l) => onLine(l, false))
    linesOf(child.stderr!, (l) => onLine(l, true))
    child.once('error', (e) => fail(e.message))
    child.once('exit', (code, signal) => fail(`exited before it was ready (${signal ?? `code ${code}`})`))
  })
}

function linesOf(stream: NodeJS.ReadableStream, onLine: (line: string) => void) {
  let buffer = ''
  stream.setEncoding('utf8')
  stream.on('data', (chunk: string) => {
    buffer += chunk
    let nl: number
    while ((nl = buffer.indexOf('\n')) >= 0) {
      onLine(buffer.slice(0, nl).replace(/\r$/, ''))
      buffer = buffer.slice(nl + 1)
    }
  })
}

/** SIGTERM by PID, SIGKILL after 5 s if it has not exited. */
export function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve()
  const pid = child.pid
  return new Promise<void>((resolve) => {
    const killer = setTimeout(() => {
      try {
        process.kill(pid, 'SIGKILL')
      } catch {
        // already gone
      }
    }, graceMs)
    child.once('exit', () => {
      clearTimeout(killer)
      resolve()
    })
    try {
      process.kill(pid, 'SIGTERM')
    } catch {
      clearTimeout(killer)
      resolve()
    }
  })
}

/** Stops every server this process started that is still running. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running.values()].map((s) => s.stop()))
}

/** A line `{"ready":"<name>","port":N}` (what bench/lib/*-process.ts print). */
export const readyJson = (name: string) => (line: string) => {
  if (!line.startsWith('{')) return undefined
  try {
    const msg = JSON.parse(line) as { ready?: string; port?: number }
    return msg.ready === name && typeof msg.port === 'number' ? msg.port : undefined
  } catch {
    return undefined
  }
}

/** Stops the children when the benchmark is interrupted (Ctrl+C, kill) rather than leaving them running. */
export function stopChildrenOnSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the servers this run started…`)
      void stopAll().finally(() => process.exit(130))
    })
  }
}

/** Resident memory of a process in bytes, as `ps` reports it. */
export function rssOf(pid: number): Promise<number> {
  return new Promise((resolve, reject) => {
    execFile('ps', ['-o', 'rss=', '-p', String(pid)], (err, out) => {
      const kb = Number(out.trim())
      if (err || !Number.isFinite(kb) || kb <= 0)
        reject(new Error(`ps could not read the memory of PID ${pid}`))
      else resolve(kb * 1024)
    })
  })
}
