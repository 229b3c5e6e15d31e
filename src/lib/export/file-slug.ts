/** File names for exports; apart from serialise.ts so a view can name a file without loading the CSV writer. */

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
