/**
 * Case-insensitive substring matching that does not depend on the database's locale: a C-locale Postgres server's
 * lower() folds ASCII only (PGlite folds all), so each cased letter becomes a class of its case forms (`[éÉ]`).
 * The same pattern is read by Postgres (`~`) and JavaScript (`u` flag), so SQL and the KWIC line agree.
 */

/** Characters with a meaning in both regular-expression dialects; everything else is literal in both. */
const SYNTAX = /[\\^$.|?*+()[\]{}]/

/** `École?` → `[éÉ][cC][oO][lL][eE]\?`; `undefined` when no character has another case (ja, zh, digits). */
export function caseInsensitivePattern(needle: string): string | undefined {
  let cased = false
  const parts = [...needle].map((ch) => {
    const forms = [...new Set([ch, ch.toLowerCase(), ch.toUpperCase()])].filter((f) => [...f].length === 1)
    if (forms.length > 1) {
      cased = true
      return `[${forms.join('')}]`
    }
    return SYNTAX.test(ch) ? `\\${ch}` : ch
  })
  return cased ? parts.join('') : undefined
}
