/** Names and provenance heads of the coding exports (decision 0131's rules: readable parts, the day, the real source). */
import { exportDay, fileSlug } from '#contract/file-slug.ts'
import { APP_VERSION } from '#server/config.ts'
import { citeSource } from '../../exports/export-source.ts'
import type { CodingProject } from './coding-project.ts'

/** `<collection name>-<kind>-<day>.<ext>`; the collection's id when its name has no letter a file name can keep. */
export function codingFileName(p: CodingProject, kind: string, ext: string): string {
  const day = exportDay(p.exportedAt)
  // Commas would become underscores in the slug: a name's commas are only separators.
  const named = fileSlug(p.collection.name.replace(/,/g, ' '), kind, day)
  const base = named === fileSlug(kind, day) ? fileSlug(p.collection.id, kind, day) : named
  return `${base}.${ext}`
}

/** What every coding export's provenance starts with: what to cite, then the collection. */
export function codingProvenanceHead(p: CodingProject, title: string) {
  return {
    title,
    source: citeSource(p.source),
    dataSource: p.source,
    dashboardVersion: APP_VERSION,
    exportedAt: p.exportedAt.toISOString(),
    collection: {
      id: p.collection.id,
      name: p.collection.name,
      description: p.collection.description,
      url: `/collections/${encodeURIComponent(p.collection.id)}`,
    },
  }
}

export const TRANSCRIPT_NOTE =
  'Transcripts are the cleaned caption text of the collection (entities decoded, rolling repeats removed, sound markers such as [Music] kept), one line per cue.'
