/** `npm start`: one Node process serves the built SPA (dist/) and the function (/api). */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { loadConfig, type Config } from './config.ts'
import { DatabaseWontOpen } from './db/database.ts'
import { createRuntime } from './runtime.ts'
import { answerClientError, MAX_HEADER_BYTES } from './security/request-size.ts'
import { mountSpa } from './static-files.ts'

/** The function plus the SPA: hashed assets cached for a year and sent as their .br/.gz copies when the browser takes them, client routes answered with index.html. Security headers come from createApp's first middleware, so they cover these files too. */
export function createNodeApp(config: Config) {
  const runtime = createRuntime({ config })
  mountSpa(runtime.app, config.distDir)
  return runtime
}

/** Node's HTTP server for the app: long URLs reach the app's own 414, and what Node's parser still refuses gets the JSON error, not a bare status line. */
export function serveNode(
  fetch: (req: Request) => Response | Promise<Response>,
  { host, port }: Pick<Config, 'host' | 'port'>,
  onListening?: (info: AddressInfo) => void,
): ServerType {
  const options = { fetch, hostname: host, port, serverOptions: { maxHeaderSize: MAX_HEADER_BYTES } }
  const server = serve(options, onListening)
  server.on('clientError', answerClientError)
  return server
}

/** Listens, resolving once the port is ours; a port another program holds is said in words, with the way out. */
function listen(
  fetch: (req: Request) => Response | Promise<Response>,
  config: Pick<Config, 'host' | 'port'>,
  onListening: (info: AddressInfo) => void,
): Promise<ServerType> {
  return new Promise((resolvePromise, reject) => {
    const refused = (e: NodeJS.ErrnoException) => reject(listenRefusal(e, config))
    const server = serveNode(fetch, config, (info) => {
      server.off('error', refused)
      onListening(info)
      resolvePromise(server)
    })
    server.once('error', refused)
  })
}

function listenRefusal(e: NodeJS.ErrnoException, { host, port }: Pick<Config, 'host' | 'port'>) {
  const where = `port ${port} on ${host}`
  const another = `choose another with PORT, e.g. PORT=3000 npm start`
  if (e.code === 'EADDRINUSE')
    return new Error(
      `The dashboard cannot listen: ${where} is already in use by another program. Stop that program, or ${another}.`,
    )
  if (e.code === 'EACCES')
    return new Error(
      `The dashboard cannot listen: ${where} needs administrator rights. ${another[0]!.toUpperCase()}${another.slice(1)}.`,
    )
  if (e.code === 'EADDRNOTAVAIL')
    return new Error(
      `The dashboard cannot listen: ${host} is not an address of this machine. Set HOST to one of its addresses, e.g. HOST=127.0.0.1.`,
    )
  return new Error(`The dashboard cannot listen on ${where}: ${e.message}`, { cause: e })
}

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\./.test(host)

/** Serves with the given configuration, by default the environment's (read by config.ts). */
export async function startNodeServer(config: Config = loadConfig()) {
  if (!existsSync(resolve(config.distDir, 'index.html')))
    throw new Error(`No built SPA in ${config.distDir}/: run \`npm run build\` (npm start does it for you).`)
  const { app, dispose, ready, storage } = createNodeApp(config)
  const opening = Date.now()
  try {
    await ready
  } catch (e) {
    await dispose().catch(() => undefined)
    // A refusal at opening already names the place, the cause and what to do.
    if (e instanceof DatabaseWontOpen) throw e
    throw new Error(
      `The dashboard's database could not be opened (${storage}): ${e instanceof Error ? e.message : String(e)}`,
      { cause: e },
    )
  }
  const openedIn = Date.now() - opening
  const server = await listen(app.fetch, config, (info) => {
    const where = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${info.port}`
    const mode =
      config.mode === 'demo'
        ? 'demo data from the embedded simulator (no DATA_API_TOKEN set)'
        : `live data from ${config.apiUrl}`
    console.log(
      `Poix Research Dashboard on ${where} — ${mode}${config.host === '127.0.0.1' ? '; listening on 127.0.0.1 only (set HOST to change)' : ''}`,
    )
    const budget =
      config.budgetUsd === undefined
        ? 'no spending cap (set BUDGET_USD)'
        : `spending cap $${config.budgetUsd} (BUDGET_USD)`
    console.log(
      `Cache, ledger, budget and sessions: ${storage} (opened in ${openedIn} ms); ${budget}; sign-in ${config.dashboardPassword ? 'required (DASHBOARD_PASSWORD)' : 'off'}.`,
    )
    if (!config.dashboardPassword && !isLoopback(config.host)) {
      console.warn(
        `Warning: listening on ${config.host} without DASHBOARD_PASSWORD: anyone who can reach this address can spend the service balance.`,
      )
    }
  }).catch(async (e: unknown) => {
    await dispose().catch(() => undefined)
    throw e
  })
  // Batched bookkeeping (free-hit tallies) is written and the database closed before leaving.
  const stop = () => server.close(() => void dispose().finally(() => process.exit(0)))
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  return server
}
