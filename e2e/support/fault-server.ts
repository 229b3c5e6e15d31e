/** A server of the spec's own (faults are global to a server, and other specs share the main e2e server). */
import { spawn, type ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'

export type OwnServer = {
  baseUrl: string
  /** The last few KB the server printed (its log of unexpected errors included). */
  output: () => string
  stop: () => Promise<void>
}

export type OwnServerOptions = {
  port: number
  /** Extra environment on top of the demo-mode defaults. */
  env?: Record<string, string>
  /** How long building (when sources changed) and starting may take. */
  startTimeoutMs?: number
}

async function healthy(baseUrl: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) })
    return res.ok
  } catch {
    return false
  }
}

/** Starts `npx tsx scripts/start.ts` in demo mode with fault control on, and waits for /api/health. */
export async function startOwnServer({
  port,
  env = {},
  startTimeoutMs = 170_000,
}: OwnServerOptions): Promise<OwnServer> {
  const baseUrl = `http://127.0.0.1:${port}`
  // After a failed test Playwright starts a new worker; the old one may still be stopping its server.
  const freeBy = Date.now() + 30_000
  while (await healthy(baseUrl)) {
    if (Date.now() > freeBy)
      throw new Error(`Port ${port} still answers /api/health: another run's server is up; stop it first.`)
    await new Promise((r) => setTimeout(r, 500))
  }
  const cacheDir = `.data/e2e-faults-${process.pid}`
  const child: ChildProcess = spawn('npx', ['tsx', 'scripts/start.ts'], {
    // Its own process group, so stopping it also stops the node that npx starts.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_API_TOKEN: '',
      SIMULATOR_FAULT_CONTROL: '1',
      DATA_DIR: cacheDir,
      DIST_DIR: process.env.DIST_DIR || 'dist',
      ...env,
    },
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-16_000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  let exited: number | null | undefined
  child.once('exit', (code) => {
    exited = code
  })

  const stop = async () => {
    if (child.pid !== undefined && exited === undefined) {
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      try {
        process.kill(-child.pid, 'SIGTERM')
      } catch {
        // already gone
      }
      await Promise.race([gone, new Promise((r) => setTimeout(r, 5_000))])
      if (exited === undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL')
        } catch {
          // already gone
        }
      }
    }
    rmSync(cacheDir, { recursive: true, force: true })
  }

  const deadline = Date.now() + startTimeoutMs
  while (Date.now() < deadline) {
    if (exited !== undefined)
      throw new Error(`The fault server exited (${exited}) before answering:\n${output}`)
    if (await healthy(baseUrl)) return { baseUrl, output: () => output, stop }
    await new Promise((r) => setTimeout(r, 500))
  }
  await stop()
  throw new Error(
    `The fault server did not answer /api/health on ${baseUrl} within ${startTimeoutMs / 1000} s:\n${output}`,
  )
}
