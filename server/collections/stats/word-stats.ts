/** Word frequencies, 2–3-grams and collocates over cue texts, counted in the function (docs/decisions/0145). */
import { parseQuery } from '../search/query-language.ts'
import type { MatchMode } from '../search/search-sql.ts'
import { stopWordsFor } from './stop-words.ts'

export type Search = { q: string; match: MatchMode }
export type TermCount = { term: string; count: number; search: Search }
export type Collocate = TermCount & { before: number; after: number }

/** Collocates are counted this many words each side of the hit. */
const COLLOCATE_WINDOW = 5

/** Scripts written without spaces: their words are found by substring, not by the full-text index. */
const NO_SPACES = /^(ja|zh|yue|ko|th|lo|km|my)\b/i

/** A bracketed sound marker, as a boundary between word runs. */
const MARKER_SPLIT = /\[[^\]]*\]/

const segmenters = new Map<string, Intl.Segmenter>()
function segmenter(lang: string): Intl.Segmenter {
  let s = segmenters.get(lang)
  if (!s) {
    try {
      s = new Intl.Segmenter(lang, { granularity: 'word' })
    } catch {
      s = new Intl.Segmenter('und', { granularity: 'word' })
    }
    segmenters.set(lang, s)
  }
  return s
}

/**
 * Elided articles, pronouns and conjunctions the segmenter leaves joined to the next word (c'est, l'homme,
 * dell'anno): split off, so "c'est" counts as "c" (a stop word) and "est", as Postgres's parser sees it too.
 */
const ELISIONS: Record<string, RegExp> = {
  fr: /^(c|d|j|l|m|n|s|t|qu|jusqu|lorsqu|puisqu|quoiqu)['’](\p{L}.*)$/u,
  it: /^(l|d|c|m|n|s|t|v|un|all|dall|dell|nell|sull|coll|quell|quest|sant|bell)['’](\p{L}.*)$/u,
  ca: /^(l|d|m|n|s|t)['’](\p{L}.*)$/u,
}

const baseLanguage = (lang: string) => lang.toLowerCase().split(/[-_]/)[0] ?? ''

/** The words of a text in order, lower-cased; sound markers split the text (no n-gram spans one). */
export function wordRuns(text: string, lang: string): string[][] {
  const elision = ELISIONS[baseLanguage(lang)]
  return text.split(MARKER_SPLIT).flatMap((chunk) => {
    const words = [...segmenter(lang).segment(chunk)]
      .filter((s) => s.isWordLike)
      .flatMap((s) => {
        const word = s.segment.toLocaleLowerCase(lang)
        const parts = elision?.exec(word)
        return parts ? [parts[1]!, parts[2]!] : [word]
      })
    return words.length ? [words] : []
  })
}

/** The search that finds a term's KWIC lines. */
export function searchFor(words: readonly string[], lang: string): Search {
  if (NO_SPACES.test(lang)) return { q: words.join(''), match: 'substring' }
  const q = words.length > 1 ? `"${words.join(' ')}"` : words[0]!
  // A word the query language cannot spell (a leading underscore, say) is still found as written.
  return parses(q) ? { q, match: 'words' } : { q: words.join(' '), match: 'substring' }
}

function parses(q: string): boolean {
  try {
    parseQuery(q)
    return true
  } catch {
    return false
  }
}

type Tally = Map<string, { count: number; words: string[]; lang: string }>

function bump(tally: Tally, words: string[], lang: string): void {
  const key = words.join(' ')
  const entry = tally.get(key)
  if (entry) entry.count++
  else tally.set(key, { count: 1, words, lang })
}

export type CountOptions = { n: 1 | 2 | 3; dropStopWords: boolean; limit: number }

/** The most frequent n-grams of the texts; with stop words dropped, an n-gram may not start or end with one. */
export function topTerms(
  texts: Iterable<{ text: string; lang: string }>,
  { n, dropStopWords, limit }: CountOptions,
): TermCount[] {
  const tally: Tally = new Map()
  for (const { text, lang } of texts) {
    const stop = dropStopWords ? stopWordsFor(lang) : undefined
    for (const run of wordRuns(text, lang)) {
      for (let i = 0; i + n <= run.length; i++) {
        const gram = run.slice(i, i + n)
        if (stop && (stop.has(gram[0]!) || stop.has(gram[n - 1]!))) continue
        bump(tally, gram, lang)
      }
    }
  }
  return ranked(tally, limit).map(({ key, count, words, lang }) => ({
    term: key,
    count,
    search: searchFor(words, lang),
  }))
}

function ranked(tally: Tally, limit: number) {
  return [...tally.entries()]
    .map(([key, v]) => ({ key, ...v }))
    .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, limit)
}

/** Words within ±5 of each hit (from its KWIC context), counted on each side; the search finds the hit with the word. */
export function collocates(
  lines: Iterable<{ before: string; after: string; lang: string }>,
  query: Search,
  { dropStopWords, limit }: Omit<CountOptions, 'n'>,
): Collocate[] {
  const sides = new Map<string, { before: number; after: number; lang: string }>()
  const add = (word: string, side: 'before' | 'after', lang: string) => {
    const entry = sides.get(word) ?? { before: 0, after: 0, lang }
    entry[side]++
    sides.set(word, entry)
  }
  for (const { before, after, lang } of lines) {
    const stop = dropStopWords ? stopWordsFor(lang) : undefined
    const keep = (w: string) => !stop?.has(w)
    wordRuns(before, lang)
      .flat()
      .slice(-COLLOCATE_WINDOW)
      .filter(keep)
      .forEach((w) => add(w, 'before', lang))
    wordRuns(after, lang)
      .flat()
      .slice(0, COLLOCATE_WINDOW)
      .filter(keep)
      .forEach((w) => add(w, 'after', lang))
  }
  return [...sides.entries()]
    .map(([term, s]) => ({
      term,
      count: s.before + s.after,
      before: s.before,
      after: s.after,
      search:
        query.match === 'substring'
          ? query
          : { q: `${query.q} ${searchFor([term], s.lang).q}`, match: 'words' as const },
    }))
    .sort((a, b) => b.count - a.count || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0))
    .slice(0, limit)
}
