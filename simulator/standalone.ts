/** `npm run simulator`: the simulated data service on its own port, for trying the wire format with curl. */
import { serve } from '@hono/node-server'
import { createSimulator } from './app.ts'
import { loadSimulatorConfig, type SimulatorConfig } from './config.ts'
import { SIMULATOR_TOKEN } from './token.ts'

let config: SimulatorConfig
try {
  config = loadSimulatorConfig()
} catch (e) {
  console.error((e as Error).message)
  process.exit(1)
}
const { host, port } = config
const baseUrl = `http://${host}:${port}`
const simulator = createSimulator({ token: SIMULATOR_TOKEN, baseUrl })

const server = serve({ fetch: simulator.app.fetch, hostname: host, port }, () => {
  console.log(
    `Simulated data service on ${baseUrl} (Authorization: Bearer ${SIMULATOR_TOKEN}); Ctrl+C stops it.`,
  )
})

function stop() {
  server.close(() => process.exit(0))
  // Keep-alive connections may hold close() open; do not hang on them.
  setTimeout(() => process.exit(0), 2000).unref()
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
