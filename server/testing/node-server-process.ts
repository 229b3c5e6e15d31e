/** A child process for tests that measure the server from outside: the app behind serveNode, configured by the environment; prints `listening <port>` when ready. */
import { loadConfig } from '../config.ts'
import { serveNode } from '../entry-node.ts'
import { createRuntime } from '../runtime.ts'

const config = loadConfig()
const runtime = createRuntime({ config, log: () => {} })
await runtime.ready
const server = serveNode(runtime.app.fetch, config, (info) => console.log(`listening ${info.port}`))
process.once('SIGTERM', () => server.close(() => void runtime.dispose().finally(() => process.exit(0))))
