/**
 * Child process: the simulated data service on a free 127.0.0.1 port, like `npm run simulator` (which has a
 * fixed port and no way to read its counters), plus GET /__bench/stats with the calls it received and what it
 * charged, so the load test can compare the function's ledger with what reached the service, and GET /__bench/calls
 * with each call's key.
 * With BENCH_SERVICE_MS it answers every request that many milliseconds late.
 * Prints `{"ready":"simulator","port":N}`.
 */
import { serve } from '@hono/node-server'
import { createSimulator } from '#simulator/app.ts'
import { SIMULATOR_TOKEN } from '#simulator/token.ts'

const simulator = createSimulator({ token: SIMULATOR_TOKEN })
// BENCH_SERVICE_MS: every answer this long after its request, worked out meanwhile, as a service across a network (decision 0176).
const serviceMs = Number(process.env.BENCH_SERVICE_MS ?? 0)
if (serviceMs > 0) simulator.faults.set({ kind: 'latency', ms: serviceMs, workDuringDelay: true })
const fetch = (req: Request) => {
  const path = new URL(req.url).pathname
  if (path === '/__bench/stats') return Response.json(simulator.stats())
  // Each call's key, for tests that match every call with its ledger row.
  if (path === '/__bench/calls') return Response.json(simulator.callLog())
  return simulator.app.fetch(req)
}

const server = serve({ fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
  console.log(JSON.stringify({ ready: 'simulator', port: info.port }))
})

function stop() {
  server.close(() => process.exit(0))
  setTimeout(() => process.exit(0), 2000).unref()
}
process.once('SIGTERM', stop)
process.once('SIGINT', stop)
// The benchmark died without stopping us (its end of our stdin closed): do not linger.
process.stdin.once('end', stop).resume()
