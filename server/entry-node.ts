/** `npm start`: one Node process serves the built SPA (dist/) and the function (/api). */
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { serve } from '@hono/node-server'
import { serveStatic } from '@hono/node-server/serve-static'
import { loadConfig, type Config } from './config.ts'
import { createRuntime } from './runtime.ts'

/** The function plus the SPA: hashed assets cached for a year, client routes answered with index.html. */
export function createNodeApp(config: Config, env: Record<string, string | undefined> = process.env) {
  const runtime = createRuntime({ config, env })
  const { app } = runtime
  const indexPath = resolve(config.distDir, 'index.html')
  const isApi = (path: string) => path === '/api' || path.startsWith('/api/')
  app.use('/assets/*', async (c, next) => {
    await next()
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable')
  })
  app.use('*', async (c, next) => (isApi(c.req.path) ? next() : serveStatic({ root: config.distDir })(c, next)))
  app.get('*', (c) => {
    if (isApi(c.req.path)) return c.notFound()
    if (/\.[a-z0-9]{1,8}$/i.test(c.req.path) && !c.req.path.endsWith('.html')) return c.text('Not found', 404)
    c.header('Cache-Control', 'no-cache')
    return c.html(readFileSync(indexPath, 'utf8'))
  })
  return { ...runtime, app }
}

export function startNodeServer(env: Record<string, string | undefined> = process.env) {
  const config = loadConfig(env)
  if (!existsSync(resolve(config.distDir, 'index.html'))) throw new Error(`No built SPA in ${config.distDir}/: run \`npm run build\` (npm start does it for you).`)
  const { app } = createNodeApp(config, env)
  const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
    const where = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${info.port}`
    const mode = config.mode === 'demo' ? 'demo data from the embedded simulator (no DATA_API_TOKEN set)' : `live data from ${config.apiUrl}`
    console.log(`Poix Research Dashboard on ${where} — ${mode}${config.host === '127.0.0.1' ? '; listening on 127.0.0.1 only (set HOST to change)' : ''}`)
  })
  const stop = () => server.close(() => process.exit(0))
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  return server
}
