/** File names for exports, shared by the SPA and the function; apart from the CSV writer so a view can name a file without loading it. */

/** `Paris 48.86,2.35` + date → `paris-48.86-2.35-2026-11-22`: safe on every file system. */
export function fileSlug(...parts: string[]): string {
  return parts
    .join(' ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9.,_-]+/g, '-')
    .replace(/,/g, '_')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 120)
}

/**
 * Six hex digits (FNV-1a) of the exact query: two queries whose readable slugs coincide (`café` and `cafe`,
 * `a b` and `a-b`) still get different file names.
 */
export function queryTag(query: unknown): string {
  let h = 0x811c9dc5
  for (const ch of JSON.stringify(query)) {
    h ^= ch.codePointAt(0)!
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h.toString(16).padStart(8, '0').slice(0, 6)
}

/** `yyyy-mm-dd` of the export, in UTC like every time in the provenance. */
export const exportDay = (now: Date = new Date()): string => now.toISOString().slice(0, 10)
