/** What a corpus export cites: the collection's own data source (docs/decisions/0131), never the running instance's guess. */
import { num, type Queryable } from '../../db/database.ts'
import { APP_VERSION } from '../../config.ts'
import { ApiFailure } from '../../errors.ts'

export type DataSource = { kind: 'demo' | 'live'; name: string; url: string | null }

export type CollectionRow = {
  id: string
  source: string
  name: string
  description: string
  lang: string | null
  mode: string
  createdAt: number
}

/** `demo` → the simulator; `live:<url>` → the service at that address. */
export function dataSourceOf(source: string): DataSource {
  if (source.startsWith('live:')) return { kind: 'live', name: 'Poix data service', url: source.slice(5) }
  return { kind: 'demo', name: 'demo simulator (invented data)', url: null }
}

export const citeSource = (s: DataSource): string => s.url ?? s.name

export async function loadCollection(db: Queryable, id: string): Promise<CollectionRow> {
  const [row] = await db.query<Record<string, unknown>>(
    'SELECT id, source, name, description, lang, mode, created_at FROM collections WHERE id = $1',
    [id],
  )
  if (!row) throw new ApiFailure(404, 'not_found', `There is no collection ${JSON.stringify(id)}.`)
  return {
    id: String(row.id),
    source: String(row.source),
    name: String(row.name),
    description: String(row.description ?? ''),
    lang: row.lang === null ? null : String(row.lang),
    mode: String(row.mode),
    createdAt: num(row.created_at),
  }
}

/** The head every corpus export's provenance starts with: what to cite, then the collection. */
export function provenanceHead(collection: CollectionRow, title: string, exportedAt: Date) {
  const dataSource = dataSourceOf(collection.source)
  return {
    title,
    source: citeSource(dataSource),
    dataSource,
    dashboardVersion: APP_VERSION,
    exportedAt: exportedAt.toISOString(),
    collection: {
      id: collection.id,
      name: collection.name,
      description: collection.description,
      lang: collection.lang,
      mode: collection.mode,
      createdAt: new Date(collection.createdAt).toISOString(),
      url: `/collections/${encodeURIComponent(collection.id)}`,
    },
  }
}
