/** The source an export cites, asked of /api/health when the export is written (free): never assumed. */
import { getJson } from '#lib/api-client.ts'

export type ExportSource = {
  kind: 'demo' | 'live' | 'unknown'
  name: string
  /** The service's base URL in live mode; null for the simulator. */
  url: string | null
}

const UNCONFIRMED: ExportSource = {
  kind: 'unknown',
  name: 'not confirmed: the dashboard did not say which source it uses (/api/health did not answer)',
  url: null,
}

/** Never rejects: an export whose data is already paid for is still written, saying its source is unconfirmed. */
export async function loadDataSource(): Promise<ExportSource> {
  try {
    const health = await getJson('/api/health', {}, () =>
      import('#contract/schemas.ts').then((m) => m.Health),
    )
    return health.dataSource ?? UNCONFIRMED
  } catch {
    return UNCONFIRMED
  }
}

/** One line to cite: the simulator's name, or the service's address. */
export function citeSource(s: ExportSource): string {
  return s.kind === 'live' && s.url ? s.url : s.name
}
