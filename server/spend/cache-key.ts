/**
 * The cache key of a paid call: its operation, service path and parameters, normalised so that the same
 * question written two ways is paid once (defaults filled in, set-like lists sorted, keys sorted), hashed.
 * Units and spellings (radius in km, handle with @, trimmed coordinates) are already normalised by validation.
 */
import { createHash } from 'node:crypto'
import type { Operation } from '#contract/index.ts'
import type { PaidCall } from '../gateway.ts'

/** The service's documented defaults: leaving one out asks the same question as giving it. */
const DEFAULTS: Partial<Record<Operation, Record<string, string>>> = {
  'GET /captions/{videoId}': { format: 'json', mode: 'default' },
  'GET /commentReplies': { format: 'html' },
}

/** Comma-separated lists whose order does not change the answer's content: sorted and de-duplicated. */
const SETS: Partial<Record<Operation, readonly string[]>> = {
  'GET /channels': ['ids', 'fields'],
}

export type NormalisedCall = { operation: Operation; path: string; params: Record<string, string> }

export function normaliseCall(call: Pick<PaidCall, 'operation' | 'path' | 'query'>): NormalisedCall {
  const params: Record<string, string> = { ...DEFAULTS[call.operation] }
  const sets = SETS[call.operation] ?? []
  for (const [name, value] of Object.entries(call.query)) {
    if (value === undefined) continue
    const joined = Array.isArray(value) ? value.join(',') : value
    params[name] = sets.includes(name)
      ? [
          ...new Set(
            joined
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean),
          ),
        ]
          .sort()
          .join(',')
      : joined
  }
  const sorted = Object.fromEntries(Object.entries(params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
  return { operation: call.operation, path: call.path, params: sorted }
}

/** sha256 of the canonical form, prefixed by its first two hex digits so no directory grows too large. */
export function cacheKeyOf(normalised: NormalisedCall): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([normalised.operation, normalised.path, Object.entries(normalised.params)]))
    .digest('hex')
  return `cache:${digest.slice(0, 2)}:${digest}`
}
