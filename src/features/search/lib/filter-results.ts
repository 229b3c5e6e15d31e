/** Filtering and sorting over loaded results: free, nothing is fetched again. */
import type { SearchItem } from '#contract/index.ts'
import type { SortKey } from './search-url.ts'

const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss', ø: 'o', ł: 'l', đ: 'd', ı: 'i' }

/** Case- and accent-insensitive, so "cafe" finds "Café" and "coeur" finds "Cœur". */
function fold(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[œæßøłđı]/g, (c) => LIGATURES[c] ?? c)
}

/** Every word of `q` must appear in the title, description or channel name. */
export function filterItems(items: readonly SearchItem[], q: string): SearchItem[] {
  const words = fold(q).split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...items]
  return items.filter((item) => {
    const haystack = fold(`${item.title}\n${item.description}\n${item.channelTitle}`)
    return words.every((w) => haystack.includes(w))
  })
}

const byTitle = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })

export function sortItems(items: readonly SearchItem[], sort: SortKey): SearchItem[] {
  const copy = [...items]
  const time = (i: SearchItem) => Date.parse(i.publishedAt) || 0
  if (sort === 'date') copy.sort((a, b) => time(b) - time(a))
  else if (sort === 'oldest') copy.sort((a, b) => time(a) - time(b))
  else if (sort === 'title') copy.sort((a, b) => byTitle.compare(a.title, b.title))
  return copy
}

/** Pages can overlap at their seams; a video is listed (and exported) once. */
export function uniqueItems(pages: readonly { data: readonly SearchItem[] }[]): SearchItem[] {
  const seen = new Set<string>()
  const out: SearchItem[] = []
  for (const page of pages) {
    for (const item of page.data) {
      if (seen.has(item.videoId)) continue
      seen.add(item.videoId)
      out.push(item)
    }
  }
  return out
}
