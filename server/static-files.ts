/** The built SPA on a Hono app (npm start): hashed assets immutable for a year, the shell revalidated, client routes answered with the shell. */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Hono } from 'hono'
import { serveStatic } from '@hono/node-server/serve-static'

const isApi = (path: string) => path === '/api' || path.startsWith('/api/')
const isAssets = (path: string) => path === '/assets' || path.startsWith('/assets/')

/** Files are sent as their .br/.gz copies when the browser takes them; /api is left to the routes already mounted. */
export function mountSpa(app: Hono, distDir: string): void {
  const indexPath = resolve(distDir, 'index.html')
  const files = serveStatic({ root: distDir, precompressed: true })
  app.use('*', async (c, next) => {
    if (isApi(c.req.path)) return next()
    // Our own next: a file not found comes back undefined, so only real files get the headers below.
    const file = await files(c, async () => undefined)
    // An unknown asset is a 404, never the shell marked immutable for a year.
    if (!file) return isAssets(c.req.path) ? c.text('Not found', 404) : next()
    if (isAssets(c.req.path)) file.headers.set('Cache-Control', 'public, max-age=31536000, immutable')
    else if (/(\/|\.html)$/.test(c.req.path)) file.headers.set('Cache-Control', 'no-cache') // the shell names this build's assets
    return file
  })
  app.get('*', (c) => {
    if (isApi(c.req.path)) return c.notFound()
    if (/\.[a-z0-9]{1,8}$/i.test(c.req.path) && !c.req.path.endsWith('.html')) return c.text('Not found', 404)
    c.header('Cache-Control', 'no-cache')
    return c.html(readFileSync(indexPath, 'utf8'))
  })
}
