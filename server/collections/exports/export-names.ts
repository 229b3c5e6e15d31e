/** Names of the corpus exports (decision 0131's rules): readable parts, the day, and a tag of the exact query. */
import { exportDay, fileSlug, queryTag } from '#contract/file-slug.ts'

export type KwicQuery = { q: string; match: string; sort: string }

/** `kwic-c_7fk2q9xw-metro-station-2026-11-25-1a2b3c`, without extension. */
export function kwicBaseName(collectionId: string, query: KwicQuery, now: Date): string {
  return fileSlug(
    'kwic',
    collectionId,
    query.q.slice(0, 40),
    exportDay(now),
    queryTag({ collectionId, ...query }),
  )
}

export function corpusZipName(collectionId: string, kind: string, timestamps: boolean, now: Date): string {
  return `${fileSlug('corpus', collectionId, kind, timestamps ? 'timestamps' : '', exportDay(now))}.zip`
}
