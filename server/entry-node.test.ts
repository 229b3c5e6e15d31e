import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { loadConfig } from './config.ts'
import { startNodeServer } from './entry-node.ts'

let dist: string
let taken: Server
let port: number

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'poix-entry-node-'))
  writeFileSync(join(dist, 'index.html'), '<!doctype html>')
  taken = createServer()
  await new Promise<void>((done) => taken.listen(0, '127.0.0.1', done))
  port = (taken.address() as { port: number }).port
})

afterAll(() => {
  taken.close()
  rmSync(dist, { recursive: true, force: true })
})

it('says in words that the port is taken and how to choose another, instead of a stack trace', async () => {
  const config = loadConfig({
    DATA_DIR: ':memory:',
    DIST_DIR: dist,
    PORT: String(port),
    COLLECT_VECTOR_WORKER: 'off',
  })
  await expect(startNodeServer(config)).rejects.toThrow(
    `The dashboard cannot listen: port ${port} on 127.0.0.1 is already in use by another program. Stop that program, or choose another with PORT, e.g. PORT=3000 npm start.`,
  )
}, 60_000)
