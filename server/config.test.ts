import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'
import { distDirOf } from './config/dist-dir.ts'

describe('the configuration', () => {
  it('is live with a token (trimmed, the only copy the upstream client gets) and demo without one', () => {
    expect(loadConfig({ DATA_API_TOKEN: '  poix-abc \n' })).toMatchObject({
      mode: 'live',
      apiToken: 'poix-abc',
      source: 'live:https://api.poix.io',
    })
    for (const blank of [undefined, '', '   '])
      expect(loadConfig({ DATA_API_TOKEN: blank })).toMatchObject({
        mode: 'demo',
        apiToken: undefined,
        source: 'demo',
      })
  })

  it('reads the build folder as npm start and vite build do: DIST_DIR, else dist', () => {
    expect(distDirOf({})).toBe('dist')
    expect(distDirOf({ DIST_DIR: '' })).toBe('dist')
    expect(distDirOf({ DIST_DIR: '/tmp/dist-x' })).toBe('/tmp/dist-x')
    expect(loadConfig({ DIST_DIR: '/tmp/dist-x' }).distDir).toBe(distDirOf({ DIST_DIR: '/tmp/dist-x' }))
    expect(loadConfig({}).distDir).toBe(distDirOf({}))
  })

  it('runs the cue worker on the embedded engine unless COLLECT_VECTOR_WORKER=off, and names a bad value', () => {
    expect(loadConfig({}).collect.vectorWorker).toBe(true)
    expect(loadConfig({ COLLECT_VECTOR_WORKER: 'on' }).collect.vectorWorker).toBe(true)
    expect(loadConfig({ COLLECT_VECTOR_WORKER: 'off' }).collect.vectorWorker).toBe(false)
    expect(() => loadConfig({ COLLECT_VECTOR_WORKER: 'yes' })).toThrow(
      /COLLECT_VECTOR_WORKER.*must be on or off/s,
    )
  })

  it('keeps 7 backups of the embedded database unless BACKUP_KEEP says otherwise (0: none), and names a bad value', () => {
    expect(loadConfig({}).backupKeep).toBe(7)
    expect(loadConfig({ BACKUP_KEEP: '0' }).backupKeep).toBe(0)
    expect(loadConfig({ BACKUP_KEEP: '30' }).backupKeep).toBe(30)
    expect(() => loadConfig({ BACKUP_KEEP: '-1' })).toThrow(/BACKUP_KEEP: must be 0 \(backups off\) or more/)
    expect(() => loadConfig({ BACKUP_KEEP: 'weekly' })).toThrow(/BACKUP_KEEP: must be a whole number/)
  })
})
