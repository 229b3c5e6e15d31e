/** `npm run simulator`: the simulated data service on its own port, for trying the wire format with curl. */
import { serve } from '@hono/node-server'
import { createSimulator } from './app.ts'
import { SIMULATOR_TOKEN } from './token.ts'

const host = '127.0.0.1'
const port = Number(process.env.SIMULATOR_PORT ?? 8790)
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`SIMULATOR_PORT must be a port number (1–65535), not "${process.env.SIMULATOR_PORT}".`)
  process.exit(1)
}
const baseUrl = `http://${host}:${port}`
const simulator = createSimulator({ token: SIMULATOR_TOKEN, baseUrl })

const server = serve({ fetch: simulator.app.fetch, hostname: host, port }, () => {
  console.log(`Simulated data service on ${baseUrl} (Authorization: Bearer ${SIMULATOR_TOKEN}); Ctrl+C stops it.`)
})

function stop() {
  server.close(() => process.exit(0))
  // Keep-alive connections may hold close() open; do not hang on them.
  setTimeout(() => process.exit(0), 2000).unref()
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
