/** `npm start`: one Node process serves the built SPA (dist/) and the function (/api). */
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { serve } from '@hono/node-server'
import { serveStatic } from '@hono/node-server/serve-static'
import { loadConfig, type Config } from './config.ts'
import { createRuntime } from './runtime.ts'

/** The function plus the SPA: hashed assets cached for a year and sent as their .br/.gz copies when the browser takes them, client routes answered with index.html. Security headers come from createApp's first middleware, so they cover these files too. */
export function createNodeApp(config: Config, env: Record<string, string | undefined> = process.env) {
  const runtime = createRuntime({ config, env })
  const { app } = runtime
  const indexPath = resolve(config.distDir, 'index.html')
  const isApi = (path: string) => path === '/api' || path.startsWith('/api/')
  app.use('/assets/*', async (c, next) => {
    await next()
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable')
  })
  app.use('*', async (c, next) => (isApi(c.req.path) ? next() : serveStatic({ root: config.distDir, precompressed: true })(c, next)))
  app.get('*', (c) => {
    if (isApi(c.req.path)) return c.notFound()
    if (/\.[a-z0-9]{1,8}$/i.test(c.req.path) && !c.req.path.endsWith('.html')) return c.text('Not found', 404)
    c.header('Cache-Control', 'no-cache')
    return c.html(readFileSync(indexPath, 'utf8'))
  })
  return { ...runtime, app }
}

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\./.test(host)

export function startNodeServer(env: Record<string, string | undefined> = process.env) {
  const config = loadConfig(env)
  if (!existsSync(resolve(config.distDir, 'index.html'))) throw new Error(`No built SPA in ${config.distDir}/: run \`npm run build\` (npm start does it for you).`)
  const { app, dispose } = createNodeApp(config, env)
  const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
    const where = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${info.port}`
    const mode = config.mode === 'demo' ? 'demo data from the embedded simulator (no DATA_API_TOKEN set)' : `live data from ${config.apiUrl}`
    console.log(`Poix Research Dashboard on ${where} — ${mode}${config.host === '127.0.0.1' ? '; listening on 127.0.0.1 only (set HOST to change)' : ''}`)
    const storage = config.redisUrl ? 'Redis (REDIS_URL)' : config.cacheDir === ':memory:' ? 'memory (lost on exit)' : `files under ${config.cacheDir}/`
    const budget = config.budgetUsd === undefined ? 'no spending cap (set BUDGET_USD)' : `spending cap $${config.budgetUsd} (BUDGET_USD)`
    console.log(`Cache and ledger: ${storage}; ${budget}; sign-in ${config.dashboardPassword ? 'required (DASHBOARD_PASSWORD)' : 'off'}.`)
    if (!config.dashboardPassword && !isLoopback(config.host)) {
      console.warn(`Warning: listening on ${config.host} without DASHBOARD_PASSWORD: anyone who can reach this address can spend the service balance.`)
    }
  })
  // Writes of the cache and of free hits' records may still be on their way: finish them before leaving.
  const stop = () => server.close(() => void dispose().finally(() => process.exit(0)))
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  return server
}
