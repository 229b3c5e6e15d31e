/**
 * One process owns a DATA_DIR at a time: pglite.pid holds its PID and its start time (Linux's /proc/<pid>/stat), so
 * a PID that a reboot or a long uptime gave to another program is not taken for a dashboard.
 */
import { accessSync, constants, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { DatabaseWontOpen } from './database.ts'
import { errnoCode } from './errno.ts'

/** When the process started, in clock ticks since boot (field 22 of /proc/<pid>/stat), or undefined without /proc. */
export function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) is in parentheses and may hold spaces: fields are counted after it.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]
  } catch {
    return undefined
  }
}

type Holder = { pid: number; started: string | undefined }

function readHolder(pidFile: string): Holder | undefined {
  let text: string
  try {
    text = readFileSync(pidFile, 'utf8')
  } catch {
    return undefined
  }
  const [pid, started] = text.trim().split(/\s+/)
  return Number.isInteger(Number(pid)) && Number(pid) > 0 ? { pid: Number(pid), started } : undefined
}

function holds({ pid, started }: Holder): boolean {
  try {
    process.kill(pid, 0)
  } catch (e) {
    if (errnoCode(e) !== 'EPERM') return false
  }
  // Without a recorded start time (an older dashboard's file) or without /proc, a living PID is trusted: fail closed.
  const now = startTimeOf(pid)
  return started === undefined || now === undefined || now === started
}

/** Makes dataDir; Node's recursive mkdir says ENOENT on a read-only file system, so the nearest parent is asked why. */
function makeFolder(dataDir: string) {
  try {
    mkdirSync(dataDir, { recursive: true })
  } catch (e) {
    let parent = dirname(resolve(dataDir))
    while (!existsSync(parent) && parent !== dirname(parent)) parent = dirname(parent)
    accessSync(parent, constants.W_OK) // throws EROFS or EACCES, the cause a person can act on
    throw e
  }
}

/** The living process other than this one that holds dataDir (its PID file names it), if any. */
export function folderHolder(dataDir: string): number | undefined {
  const holder = readHolder(join(dataDir, 'pglite.pid'))
  return holder && holder.pid !== process.pid && holds(holder) ? holder.pid : undefined
}

/** Takes dataDir for this process, or says which living process has it; returns the release. */
export function claimFolder(dataDir: string): () => void {
  makeFolder(dataDir)
  const pidFile = join(dataDir, 'pglite.pid')
  const holder = readHolder(pidFile)
  if (holder && holder.pid !== process.pid && holds(holder)) {
    throw new DatabaseWontOpen(
      `The embedded database in ${dataDir}/ (DATA_DIR) is in use by another process (PID ${holder.pid}): stop it, or set DATABASE_URL so several instances share a Postgres server; if PID ${holder.pid} is not a dashboard, delete ${pidFile}.`,
    )
  }
  writeFileSync(pidFile, [process.pid, startTimeOf(process.pid)].filter(Boolean).join(' '))
  return () => rmSync(pidFile, { force: true })
}
