/**
 * Opens the cluster in dataDir/pglite, creating it only where there is nothing (no folder, or an empty one). A
 * cluster is made under a temporary name beside it and renamed when whole, so a creation cut short (a full disk, a
 * crash) never leaves a folder that looks like a database; anything else that is not whole is refused, never
 * initialised over.
 */
import { cpSync, existsSync, mkdirSync, realpathSync, renameSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { PGlite, type PGliteOptions } from '@electric-sql/pglite'
import { DatabaseWontOpen } from './database.ts'
import { folderRefusal, inspectFolder } from './pglite-folder-check.ts'

export type ClusterOptions = {
  dataDir: string
  options: PGliteOptions
  /** Where a copy of a newly created, empty cluster is kept for the helper engine (it opens files faster than initdb). */
  spare?: string
  /** The helper's cluster: it holds no data, so a damaged one is made again rather than refused. */
  disposable?: boolean
}

export async function openCluster({ dataDir, options, spare, disposable }: ClusterOptions): Promise<PGlite> {
  const folder = join(dataDir, 'pglite')
  let state = inspectFolder(folder)
  if (disposable && state.kind !== 'complete' && state.kind !== 'absent') {
    rmSync(folder, { recursive: true, force: true })
    state = { kind: 'absent' }
  }
  const refusal = folderRefusal(dataDir, state)
  if (refusal) throw new DatabaseWontOpen(refusal)
  if (state.kind === 'absent') await createCluster(folder, options, spare)
  const pg = new PGlite(folder, options)
  await pg.waitReady
  return pg
}

async function createCluster(link: string, options: PGliteOptions, spare: string | undefined) {
  // An empty folder may be a link to where the data is meant to live: the cluster goes there, the link stays.
  const folder = existsSync(link) ? realpathSync(link) : link
  const making = `${folder}.creating`
  rmSync(making, { recursive: true, force: true }) // a creation a crash cut short: never a whole database
  try {
    // Creating a database leaves ~450 MB of WebAssembly memory behind; opening the new files afresh does not.
    const creating = new PGlite(making, options)
    await creating.waitReady
    await creating.close()
    if (spare && inspectFolder(spare).kind !== 'complete') copyWhole(making, spare)
    renameSync(making, folder) // over an empty folder too
  } catch (e) {
    rmSync(making, { recursive: true, force: true })
    throw e
  }
}

/** Copies a cluster under a temporary name, then renames it: a copy cut short never has the final name. */
function copyWhole(from: string, to: string) {
  const parent = dirname(to)
  const madeParent = !existsSync(parent)
  const making = `${to}.creating`
  try {
    rmSync(to, { recursive: true, force: true }) // a damaged spare: it holds no data
    mkdirSync(parent, { recursive: true })
    cpSync(from, making, { recursive: true })
    renameSync(making, to)
  } catch (e) {
    rmSync(madeParent ? parent : making, { recursive: true, force: true })
    throw e
  }
}
