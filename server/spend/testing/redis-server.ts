/**
 * A real, throw-away redis-server for tests: a free loopback port, no persistence, stopped by its PID.
 * Missing binary: the caller skips with a clear message, except in CI (CI=true), where it must fail.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'

export const REDIS_BINARY = process.env.REDIS_SERVER_BIN || 'redis-server'

export function redisServerAvailable(): boolean {
  const r = spawnSync(REDIS_BINARY, ['--version'], { encoding: 'utf8' })
  return r.status === 0 && /Redis server/i.test(r.stdout)
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolve(port))
    })
  })
}

export type RedisServer = { url: string; pid: number; stop(): Promise<void> }

function launch(port: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(REDIS_BINARY, ['--save', '', '--appendonly', 'no', '--port', String(port), '--bind', '127.0.0.1'], { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`redis-server did not start within 10 s: ${output.slice(-500)}`))
    }, 10_000)
    const onData = (d: Buffer) => {
      output += d.toString()
      if (/ready to accept connections/i.test(output)) {
        clearTimeout(timer)
        child.stdout?.off('data', onData)
        child.stdout?.resume()
        child.stderr?.resume()
        resolve(child)
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()))
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`redis-server exited (${code}) before it was ready: ${output.slice(-500)}`))
    })
    child.once('error', (e) => {
      clearTimeout(timer)
      reject(e)
    })
  })
}

export async function startRedisServer(): Promise<RedisServer> {
  let lastError: unknown
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort()
    try {
      const child = await launch(port)
      const pid = child.pid!
      return {
        url: `redis://127.0.0.1:${port}`,
        pid,
        stop: () =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve()
            child.once('exit', () => resolve())
            process.kill(pid, 'SIGTERM')
          }),
      }
    } catch (e) {
      lastError = e // the port may have been taken between probing and binding: try another
    }
  }
  throw lastError
}
