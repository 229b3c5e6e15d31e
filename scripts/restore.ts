/** `npm run restore -- <file>`: puts a backup of the embedded database in place of DATA_DIR/pglite/ (server/db/restore.ts). */
import { basename } from 'node:path'
import { loadConfig } from '#server/config.ts'
import { listBackups, POSTGRES_BACKUP_HINT } from '#server/db/backups.ts'
import { describeRestored, restoreBackup } from '#server/db/restore.ts'

function usage(dataDir: string): string {
  const backups = listBackups(dataDir)
  return [
    'Usage: npm run restore -- <backup file>',
    backups.length
      ? `The backups in ${dataDir}/backups/, newest last:\n${backups.map((f) => `  ${f}`).join('\n')}`
      : `There are no backups in ${dataDir}/backups/.`,
  ].join('\n')
}

try {
  const config = loadConfig()
  if (config.databaseUrl) throw new Error(POSTGRES_BACKUP_HINT)
  const file = process.argv[2]
  if (!file || process.argv.length > 3) throw new Error(usage(config.dataDir))
  console.log(`Checking ${basename(file)} …`)
  console.log(describeRestored(await restoreBackup({ dataDir: config.dataDir, file })))
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e))
  process.exit(1)
}
