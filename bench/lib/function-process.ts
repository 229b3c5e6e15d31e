/**
 * Child process: the function as `npm start` serves it (createNodeApp), configured from the environment,
 * on a free 127.0.0.1 port. Prints `{"ready":"function","port":N}`. Over IPC it answers "memory" with its
 * RSS and its heap after a full GC (run it with --expose-gc), so the load test can tell growth from garbage.
 */
import { serve } from '@hono/node-server'
import { loadConfig } from '#server/config.ts'
import { createNodeApp } from '#server/entry-node.ts'

/** Bytes; external = memory of Buffers and ArrayBuffers outside the JS heap (socket and body buffers). */
export type MemoryReport = { rss: number; heapUsed: number; external: number; gcRan: boolean }

const config = loadConfig(process.env)
const { app, dispose, ready } = createNodeApp(config)
await ready // the database is open and migrated before the port is announced
const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
  console.log(JSON.stringify({ ready: 'function', port: info.port, mode: config.mode }))
})

process.on('message', (msg) => {
  if (msg !== 'memory') return
  const gc = (globalThis as { gc?: () => void }).gc
  gc?.()
  const m = process.memoryUsage()
  const report: MemoryReport = { rss: m.rss, heapUsed: m.heapUsed, external: m.external, gcRan: Boolean(gc) }
  process.send?.(report)
})

function stop() {
  server.close(() => void dispose().finally(() => process.exit(0)))
  setTimeout(() => process.exit(0), 2000).unref() // keep-alive sockets may hold close() open
}
process.once('SIGTERM', stop)
process.once('SIGINT', stop)
process.once('disconnect', stop)
// The benchmark died without stopping us (its end of our stdin closed): do not linger.
process.stdin.once('end', stop).resume()
