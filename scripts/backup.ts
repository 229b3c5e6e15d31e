/** `npm run backup`: a backup of the embedded database into DATA_DIR/backups/ now; the server writes one at start and daily. */
import { loadConfig } from '#server/config.ts'
import { backupNow, describeBackup, POSTGRES_BACKUP_HINT } from '#server/db/backups.ts'

try {
  const config = loadConfig()
  if (config.databaseUrl) throw new Error(POSTGRES_BACKUP_HINT)
  const backup = await backupNow({
    dataDir: config.dataDir,
    keep: config.backupKeep,
    timeoutMs: config.dbTimeoutMs,
  })
  console.log(`Wrote ${describeBackup(backup)}. Restore it with: npm run restore -- ${backup.file}`)
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e))
  process.exit(1)
}
