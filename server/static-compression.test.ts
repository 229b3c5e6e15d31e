import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompress } from '../scripts/vite-precompress-plugin.ts'
import { loadConfig } from './config.ts'
import { createNodeApp } from './entry-node.ts'

describe('static assets are sent precompressed (npm start)', () => {
  const dist = mkdtempSync(join(tmpdir(), 'poix-dist-'))
  const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i % 20}`))}\n`
  let app: ReturnType<typeof createNodeApp>['app']

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'))
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Poix</title><div id="root"></div>')
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), script)
    writeFileSync(join(dist, 'assets', 'tiny-abc123.js'), 'export {}\n')
    await precompress(dist)
    const env = { DATA_DIR: ':memory:', DIST_DIR: dist, DATA_API_TOKEN: '' }
    app = createNodeApp(loadConfig(env)).app
  })
  afterAll(() => rmSync(dist, { recursive: true, force: true }))

  const get = (path: string, acceptEncoding?: string) =>
    app.request(path, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} })

  it('sends Brotli to a browser that takes it, gzip to one that takes only gzip, the plain file otherwise', async () => {
    const br = await get('/assets/index-abc123.js', 'gzip, deflate, br')
    expect(br.headers.get('Content-Encoding')).toBe('br')
    expect(br.headers.get('Content-Type')).toMatch(/javascript/)
    expect(br.headers.get('Vary')).toMatch(/Accept-Encoding/)
    expect(br.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    const brBytes = Buffer.from(await br.arrayBuffer())
    expect(brBytes.byteLength).toBeLessThan(script.length / 4)
    expect(brotliDecompressSync(brBytes).toString()).toBe(script)

    const gz = await get('/assets/index-abc123.js', 'gzip')
    expect(gz.headers.get('Content-Encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script)

    const plain = await get('/assets/index-abc123.js')
    expect(plain.headers.get('Content-Encoding')).toBeNull()
    expect(await plain.text()).toBe(script)
  })

  it('leaves files under 1 KB alone', async () => {
    const res = await get('/assets/tiny-abc123.js', 'br')
    expect(res.headers.get('Content-Encoding')).toBeNull()
    expect(await res.text()).toBe('export {}\n')
  })
})
