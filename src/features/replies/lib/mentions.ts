/**
 * Finds `@Name` mentions of known people in comment text. Names may contain spaces and any script;
 * the longest known name wins at each `@`, so "@Anna Lee" beats "@Anna".
 */

/** Characters that continue a word: a name followed by one of these is not a whole-name match. */
const WORD_CHAR = /[\p{L}\p{M}\p{N}_]/u
/** Scripts written without spaces between words: a name in them may run straight into the next word. */
const UNSPACED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u
const AT_SIGNS = new Set(['@', '\uFF20'])

export type Mention<T> = { start: number; end: number; name: string; value: T }

type Entry<T> = { key: string; name: string; value: T }

/** The lookup key of a name: trimmed, without a leading `@`, lower-cased. */
export function mentionKey(name: string): string {
  return name
    .trim()
    .replace(/^[@\uFF20]+/, '')
    .toLowerCase()
}

function lastChar(s: string): string {
  return Array.from(s).at(-1) ?? ''
}

export class MentionMatcher<T> {
  /** Entries bucketed by their key's first character, longest first within a bucket. */
  private readonly buckets = new Map<string, Entry<T>[]>()

  /** Adds or replaces (same key) a name; the last value added for a name is the one found. */
  add(name: string, value: T): void {
    const key = mentionKey(name)
    if (!key) return
    const first = key[0]!
    const bucket = this.buckets.get(first) ?? []
    const existing = bucket.find((e) => e.key === key)
    if (existing) {
      existing.value = value
      existing.name = name.trim().replace(/^[@\uFF20]+/, '')
      return
    }
    bucket.push({ key, name: name.trim().replace(/^[@\uFF20]+/, ''), value })
    bucket.sort((a, b) => b.key.length - a.key.length)
    this.buckets.set(first, bucket)
  }

  get size(): number {
    let n = 0
    for (const b of this.buckets.values()) n += b.length
    return n
  }

  /** Every mention of a known name in `text`, in reading order. */
  find(text: string): Mention<T>[] {
    const found: Mention<T>[] = []
    for (let i = 0; i < text.length; i++) {
      if (!AT_SIGNS.has(text[i]!)) continue
      // An `@` inside a word (an e-mail address) is not a mention.
      if (i > 0 && (WORD_CHAR.test(text[i - 1]!) || text[i - 1] === '.')) continue
      const rest = text.slice(i + 1)
      const bucket = this.buckets.get(rest.slice(0, 1).toLowerCase())
      if (!bucket) continue
      for (const entry of bucket) {
        const candidate = rest.slice(0, entry.key.length)
        if (candidate.toLowerCase() !== entry.key) continue
        const next = rest.slice(entry.key.length, entry.key.length + 1)
        const unspaced = UNSPACED_SCRIPT.test(lastChar(entry.key))
        if (next && WORD_CHAR.test(next) && !unspaced) continue
        found.push({ start: i, end: i + 1 + entry.key.length, name: entry.name, value: entry.value })
        i += entry.key.length
        break
      }
    }
    return found
  }
}

/** The handle in a channel URL like `http://www.youtube.com/@anna.k`, without the `@`. */
export function handleFromChannelUrl(url: string | undefined): string | undefined {
  if (!url) return undefined
  const m = /\/@([^/?#]+)/.exec(url)
  if (!m) return undefined
  try {
    return decodeURIComponent(m[1]!)
  } catch {
    return m[1]
  }
}

/** The names a reply author can be mentioned by: the display name and the handle of their channel URL. */
export function namesOfAuthor(author: {
  authorDisplayName: string
  authorChannelUrl?: string | undefined
}): string[] {
  const names = [author.authorDisplayName.trim()]
  const handle = handleFromChannelUrl(author.authorChannelUrl)
  if (handle) names.push(handle)
  return names.filter((n) => mentionKey(n) !== '')
}
