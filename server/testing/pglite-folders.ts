/**
 * Test helper (never imported by production code): DATA_DIRs holding a migrated embedded database on disk. One is
 * written per test file from the template (seconds, hundreds of MB), then each test gets a copy of its files.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'

let root: string | undefined
let original: Promise<string> | undefined

async function writeOriginal(dir: string): Promise<string> {
  const folder = join(dir, 'original', 'pglite')
  mkdirSync(join(dir, 'original'))
  const pg = new PGlite(folder, { loadDataDir: new Blob([readFileSync(process.env.PGLITE_TEMPLATE!)]) })
  await pg.waitReady
  await pg.close()
  return folder
}

/** A temporary folder removed by removeTempFolders, for files beside the databases. */
export function tempFolder(name: string): string {
  root ??= mkdtempSync(join(tmpdir(), 'poix-pglite-folders-'))
  const dir = join(root, name)
  mkdirSync(dir)
  return dir
}

/** A new DATA_DIR whose pglite/ holds the migrated, empty database. */
export async function dataDirWithDatabase(name: string): Promise<string> {
  root ??= mkdtempSync(join(tmpdir(), 'poix-pglite-folders-'))
  original ??= writeOriginal(root)
  const dataDir = tempFolder(name)
  cpSync(await original, join(dataDir, 'pglite'), { recursive: true })
  return dataDir
}

export function removeTempFolders(): void {
  if (root) rmSync(root, { recursive: true, force: true })
  root = undefined
  original = undefined
}
