/** The schema's versions, in order; applied at start, each once (migrate.ts). Never edit a released one: add the next. */
import { sql as storage } from './0001-storage.ts'

export type Migration = { version: number; name: string; sql: string }

export const MIGRATIONS: readonly Migration[] = [{ version: 1, name: 'storage', sql: storage }]
