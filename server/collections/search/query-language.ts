/**
 * The corpus query language (docs/decisions/0144-corpus-query-language.md): words (stemmed per track language),
 * "quoted phrases", -exclusion, prefix*, [sound markers]. Parsed here; turned into SQL by search-sql.ts.
 */
import { invalidQuery } from '../../errors.ts'
import { soundName } from '../clean-text.ts'

type Word = { text: string; prefix: boolean }
type Term =
  { kind: 'words'; words: Word[]; exclude: boolean } | { kind: 'sound'; name: string; exclude: boolean }

export type ParsedQuery = { terms: Term[] }

const MAX_QUERY_CHARS = 500
const MAX_TERMS = 16

const bad = (message: string) => invalidQuery('q', `q: ${message}`)

/** Letters, digits and the joiners inside words (don't, e-mail); what a word may hold. */
const WORD = /^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N}'’_.-]*$/u

function wordOf(raw: string, where: string): Word {
  const prefix = raw.endsWith('*')
  const text = prefix ? raw.slice(0, -1) : raw
  if (!text) throw bad(`"*" must end a word (${where}), as in metro*.`)
  if (text.includes('*')) throw bad(`"*" may only end a word, as in metro*; "${raw}" has one inside.`)
  if (!WORD.test(text))
    throw bad(
      `"${raw}" is not a word: use letters and digits, "quotes" for a phrase, -word to exclude, word* for a prefix, [music] for a sound marker.`,
    )
  return { text, prefix }
}

/** Splits `q` into terms; throws a 400 naming q with what is wrong. */
export function parseQuery(q: string): ParsedQuery {
  if (q.length > MAX_QUERY_CHARS) throw bad(`at most ${MAX_QUERY_CHARS} characters.`)
  const terms: Term[] = []
  let i = 0
  while (i < q.length) {
    if (/\s/.test(q[i]!)) {
      i++
      continue
    }
    const exclude = q[i] === '-'
    if (exclude) i++
    const start = i
    const open = q[i]
    if (open === '"') {
      const close = q.indexOf('"', i + 1)
      if (close < 0) throw bad(`the phrase starting at character ${start + 1} has no closing quote.`)
      const inside = q.slice(i + 1, close).trim()
      if (!inside) throw bad('an empty phrase ("") finds nothing.')
      terms.push({
        kind: 'words',
        words: inside.split(/\s+/).map((w) => wordOf(w, `in the phrase "${inside}"`)),
        exclude,
      })
      i = close + 1
    } else if (open === '[') {
      const close = q.indexOf(']', i + 1)
      if (close < 0) throw bad(`the sound marker starting at character ${start + 1} has no closing "]".`)
      const name = soundName(q.slice(i + 1, close))
      if (!name) throw bad('an empty sound marker ([]) names no sound.')
      terms.push({ kind: 'sound', name, exclude })
      i = close + 1
    } else {
      let end = i
      while (end < q.length && !/\s/.test(q[end]!)) end++
      const raw = q.slice(i, end)
      if (!raw) throw bad('a lone "-" excludes nothing: write -word.')
      if (raw.includes('"')) throw bad(`a quote inside "${raw}": put spaces around a "quoted phrase".`)
      terms.push({ kind: 'words', words: [wordOf(raw, `"${raw}"`)], exclude })
      i = end
    }
    if (i < q.length && !/\s/.test(q[i]!))
      throw bad(`put a space after the ${open === '[' ? 'sound marker' : 'phrase'} ending at character ${i}.`)
  }
  if (!terms.length) throw bad('empty: give a word, a "phrase", a prefix* or a [sound marker].')
  if (terms.length > MAX_TERMS) throw bad(`at most ${MAX_TERMS} terms.`)
  if (terms.every((t) => t.exclude))
    throw bad('every term is excluded: give at least one word, phrase or sound to find.')
  return { terms }
}

/** One quoted tsquery operand: to_tsquery normalises it with the configuration (stems it, drops a stop word). */
function quoted(text: string, prefix: boolean): string {
  const q = `'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`
  return prefix ? `${q}:*` : q
}

/**
 * A C-locale Postgres server folds only ASCII to lower case, in the index and in the query (PGlite folds all): a word
 * with other cased letters is asked as written in lower case, capitalised and in capitals, which one locale reads as
 * one lexeme and the other as the three ways captions write it.
 */
export function caseForms(text: string): string[] {
  const lower = text.toLowerCase()
  if (![...text].some((c) => c.codePointAt(0)! > 0x7f) || lower === text.toUpperCase()) return [text]
  const capital = [...lower][0]!.toUpperCase() + [...lower].slice(1).join('')
  return [...new Set([lower, capital, text.toUpperCase()])]
}

function operand(word: Word): string {
  const forms = caseForms(word.text).map((form) => quoted(form, word.prefix))
  return forms.length > 1 ? `(${forms.join(' | ')})` : forms[0]!
}

/** The tsquery text of the word terms (`'metro' <-> 'station' & !'bus' & 'run':*`), or undefined when there are none. */
export function tsqueryText(parsed: ParsedQuery): string | undefined {
  const parts = parsed.terms
    .filter((t): t is Extract<Term, { kind: 'words' }> => t.kind === 'words')
    .map((t) => {
      const phrase = t.words.map(operand).join(' <-> ')
      const grouped = t.words.length > 1 ? `(${phrase})` : phrase
      return t.exclude ? `!${grouped}` : grouped
    })
  return parts.length ? parts.join(' & ') : undefined
}

/** The sound terms, split by whether they are wanted or excluded. */
export function soundTerms(parsed: ParsedQuery): { wanted: string[]; excluded: string[] } {
  const sounds = parsed.terms.filter((t): t is Extract<Term, { kind: 'sound' }> => t.kind === 'sound')
  return {
    wanted: sounds.filter((s) => !s.exclude).map((s) => s.name),
    excluded: sounds.filter((s) => s.exclude).map((s) => s.name),
  }
}

/** Substring mode: the literal text, trimmed; case is ignored by the SQL. */
export function parseSubstring(q: string): string {
  const text = q.trim()
  if (!text) throw bad('empty: give the text to find.')
  if (text.length > 200) throw bad('a substring may be at most 200 characters.')
  return text
}
