/** The paid path's shapes (what routes ask, what they get back) and its contract check: below both the upstream client and spend/, which implement it. */
import type { z } from 'zod'
import type { Operation } from '#contract/index.ts'
import type { Queryable } from './db/database.ts'
import { ApiFailure } from './errors.ts'

export type PaidCall = {
  operation: Operation
  path: string
  /** Validated and normalised by the route; this is exactly what the service receives. */
  query: Record<string, string | string[] | undefined>
  /** JSON answers are checked against this before anything is returned or cached. */
  schema?: z.ZodType
  /** Non-JSON answers (caption files) are checked by this before anything is returned or cached; it throws ApiFailure. */
  check?: (body: string) => void
  signal?: AbortSignal
  /** Who asks (for per-client rate limits); never forwarded. */
  clientKey?: string
  /**
   * A caller's limit on its calls in flight at the service (the collect job's concurrency): taken before the ledger
   * row is written, given back as soon as the service has answered. Never forwarded.
   */
  upstreamSlot?: () => Promise<() => void>
  /**
   * Runs in the transaction that records the paid call, before its ledger row: throwing withdraws the call (nothing
   * recorded, nothing sent). The collect job checks there that the researcher has not stopped it meanwhile.
   */
  beforeClaim?: (tx: Queryable) => Promise<void>
}

export type PaidResult = {
  body: string
  contentType: string
  /** What this request cost: the list price on a miss, 0 when answered from the cache. */
  costUsd: number
  cache: 'HIT' | 'MISS'
  /** The body as parsed by the contract check, when this request made one (a JSON miss): not parsed twice. */
  json?: unknown
}

export type Quote = { operation: Operation; priceUsd: number; cached: boolean }

/** What routes depend on; the spend layer (cache, ledger, budget) implements the same shape. */
export type Gateway = {
  call(call: PaidCall): Promise<PaidResult>
  quote(call: PaidCall): Promise<Quote>
}

/** Checks a body against its contract (schema or check); a broken required field is the service's fault, not the browser's. Returns the body parsed (as sent, not the schema's output) when a schema checked it. */
export function checkAgainstContract(call: PaidCall, body: string): unknown {
  call.check?.(body)
  if (!call.schema) return undefined
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    throw new ApiFailure(
      502,
      'upstream_invalid',
      `The data service answered ${call.operation} with a body that is not valid JSON.`,
    )
  }
  const parsed = call.schema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue?.path.length ? issue.path.join('.') : 'the body'
    throw new ApiFailure(
      502,
      'upstream_invalid',
      `The data service's answer to ${call.operation} broke the contract at ${where}: ${issue?.message ?? 'invalid'}.`,
    )
  }
  return json
}
