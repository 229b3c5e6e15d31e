/**
 * Which statements are prepared once under a name, and the name each SQL text has. Both engines prepare a
 * repeated statement once per session and then only bind and run it (docs/decisions/0176, 0195).
 */

/**
 * Text search and pattern matching are planned for each run: how many rows a word or a pattern matches decides the
 * plan, and a prepared statement's generic plan would be chosen without knowing it.
 */
export const PLANNED_PER_RUN = /@@|\bts_stat\b|\bI?LIKE\b/i

/** Distinct SQL texts kept prepared; the app has a few hundred. */
export const MAX_PREPARED = 500

/** "cached plan must not change result type": a table changed shape under a prepared statement. */
export const PLAN_OUTDATED = '0A000'

export type StatementNames = {
  /** The name to prepare sql under, or undefined: planned for each run, or past the limit of names. */
  nameOf(sql: string): string | undefined
  /** The statement under sql's name is of no more use (PLAN_OUTDATED): its next use is prepared under a new name. */
  renew(sql: string): void
}

/** Names for a server's sessions: each connection prepares a name on its first use of it, so a name is never reused. */
export function statementNames({ maxNamed = MAX_PREPARED, prefix = 'poix_' } = {}): StatementNames {
  const names = new Map<string, string | undefined>()
  let issued = 0
  return {
    nameOf(sql) {
      if (names.has(sql)) return names.get(sql)
      // Past the limit a new text runs unnamed, so a dynamic text cannot fill every session with statements.
      const name = PLANNED_PER_RUN.test(sql) || names.size >= maxNamed ? undefined : `${prefix}${++issued}`
      names.set(sql, name)
      return name
    },
    renew(sql) {
      if (names.get(sql) !== undefined) names.set(sql, `${prefix}${++issued}`)
    },
  }
}
