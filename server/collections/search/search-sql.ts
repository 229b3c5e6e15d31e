/**
 * The search's WHERE clause over corpus_cues (alias c): one tsquery per text-search configuration present in the
 * collection, OR-ed, so each arm can use the GIN index (`c.cfg = 'english' AND c.tsv @@ to_tsquery('english', …)`).
 */
import { isTextSearchConfig } from '../text-search-config.ts'
import { caseInsensitivePattern } from './substring-pattern.ts'
import { parseQuery, parseSubstring, soundTerms, tsqueryText } from './query-language.ts'

export type MatchMode = 'words' | 'substring'

/** Collects parameters and hands out their placeholders. */
export class Params {
  readonly values: unknown[] = []
  add(value: unknown): string {
    this.values.push(value)
    return `$${this.values.length}`
  }
}

/** How the page query marks and locates each hit. */
export type Locator =
  | { kind: 'tsquery'; tsquery: string }
  | { kind: 'sound'; wanted: string[] }
  | { kind: 'substring'; text: string }

export type Match = { where: string; locator: Locator }

/** Throws a 400 naming q when the query is malformed. `configs` are those of the collection's tracks. */
export function matchClause(q: string, mode: MatchMode, configs: readonly string[], params: Params): Match {
  if (mode === 'substring') {
    const text = parseSubstring(q)
    const pattern = caseInsensitivePattern(text)
    const where = pattern ? `c.text ~ ${params.add(pattern)}` : `strpos(c.text, ${params.add(text)}) > 0`
    return { where, locator: { kind: 'substring', text } }
  }
  const parsed = parseQuery(q)
  const tsquery = tsqueryText(parsed)
  const { wanted, excluded } = soundTerms(parsed)
  const parts: string[] = []
  if (tsquery) {
    // Names are checked against the known list before they are written into SQL as literals.
    const known = configs.filter(isTextSearchConfig)
    // No configuration yet (nothing stored anywhere): no arm, and no parameter left unused for Postgres to type.
    const placeholder = known.length ? params.add(tsquery) : ''
    const arms = known.map(
      (cfg) => `(c.cfg = '${cfg}'::regconfig AND c.tsv @@ to_tsquery('${cfg}'::regconfig, ${placeholder}))`,
    )
    parts.push(arms.length ? `(${arms.join(' OR ')})` : 'false')
  }
  if (wanted.length) parts.push(`c.sounds @> ${params.add(wanted)}::text[]`)
  if (excluded.length) parts.push(`NOT (c.sounds && ${params.add(excluded)}::text[])`)
  const positiveWords = parsed.terms.some((t) => t.kind === 'words' && !t.exclude)
  const locator: Locator = tsquery && positiveWords ? { kind: 'tsquery', tsquery } : { kind: 'sound', wanted }
  return { where: parts.join(' AND '), locator }
}
