/** The collection a coding route names, or 404; locked in a transaction so code and coding changes of one collection take turns. */
import type { Queryable } from '../../db/database.ts'
import { COLLECTION_ID_RE } from '../collection-id.ts'
import { notFound } from '../collection-store.ts'

export async function existingCollection(q: Queryable, id: string, lock: 'update' | 'share' | null = null) {
  if (!COLLECTION_ID_RE.test(id)) throw notFound(id)
  const suffix = lock === 'update' ? ' FOR UPDATE' : lock === 'share' ? ' FOR SHARE' : ''
  const [row] = await q.query<{ id: string }>(`SELECT id FROM collections WHERE id = $1${suffix}`, [id])
  if (!row) throw notFound(id)
  return row.id
}
