import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import { afterAll, describe, expect, it } from 'vitest'
import { mountSpa } from './static-files.ts'

describe('cache headers of the built SPA (npm start)', () => {
  const dist = mkdtempSync(join(tmpdir(), 'poix-dist-'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Poix</title><div id="root"></div>')
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'export {}\n')
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  const app = new Hono()
  app.get('/api/health', (c) => c.json({ ok: true }))
  mountSpa(app, dist)
  afterAll(() => rmSync(dist, { recursive: true, force: true }))

  const YEAR = 'public, max-age=31536000, immutable'

  it.each(['/', '/index.html', '/search', '/captions/dQw4w9WgXcQ'])(
    '%s: the shell, revalidated on every load (no-cache)',
    async (path) => {
      const res = await app.request(path)
      expect(res.status).toBe(200)
      expect(await res.text()).toContain('<div id="root">')
      expect(res.headers.get('Cache-Control')).toBe('no-cache')
    },
  )

  it('a real hashed asset: cached for a year', async () => {
    const res = await app.request('/assets/index-abc123.js')
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe(YEAR)
    expect(await res.text()).toBe('export {}\n')
  })

  it.each([
    '/assets/',
    '/assets',
    '/assets/gone-old123.js',
    '/assets/no-extension',
    '/assets/deep/path/x.css',
  ])('%s: 404, never the shell, never immutable', async (path) => {
    for (const method of ['GET', 'HEAD']) {
      const res = await app.request(path, { method })
      expect(res.status, method).toBe(404)
      expect(res.headers.get('Cache-Control') ?? '', method).not.toMatch(/immutable/)
      if (method === 'GET') expect(await res.text()).not.toContain('<div id="root">')
    }
  })

  it('leaves other files and /api alone', async () => {
    expect((await app.request('/favicon.svg')).headers.get('Cache-Control')).toBeNull()
    expect(await (await app.request('/api/health')).json()).toEqual({ ok: true })
  })
})
