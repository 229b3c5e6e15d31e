/** unstorage's fs driver, except that a write goes to a temporary file renamed into place: a crash never leaves half a ledger entry or counter. */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import type { Driver } from 'unstorage'
import fsDriver from 'unstorage/drivers/fs'

let sequence = 0

export function atomicFsDriver(opts: { base: string }): Driver {
  const inner = fsDriver({ base: opts.base })
  const base = resolve(opts.base)
  const fileOf = (key: string) => {
    if (/(^|:)\.\.(:|$)/.test(key)) throw new Error(`Invalid storage key ${JSON.stringify(key)}: it must not contain .. segments.`)
    return join(base, key.replace(/:/g, '/'))
  }
  return {
    ...inner,
    name: 'fs-atomic',
    async setItem(key: string, value: string) {
      const file = fileOf(key)
      const temporary = `${file}.${process.pid}.${++sequence}.tmp`
      await mkdir(dirname(file), { recursive: true })
      try {
        await writeFile(temporary, value, 'utf8')
        await rename(temporary, file)
      } catch (e) {
        await rm(temporary, { force: true })
        throw e
      }
    },
  }
}
