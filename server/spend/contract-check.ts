/**
 * The check: an answer is returned or cached only once it is what the contract says. The call names its contract as
 * data (a schema for JSON, a caption format for files); a broken answer is the service's fault (502), not the browser's.
 */
import { ApiFailure } from '../errors.ts'
import type { PaidCall } from '../gateway.ts'
import { captionBodyFailure } from '../upstream/caption-body-check.ts'
import type { UpstreamAnswer } from '../upstream/client.ts'
import { asServiceFailure, type Outcome } from './upstream-call.ts'

/** An answer that passed, with its body as parsed when a schema checked it (not parsed twice); or why it failed. */
export type Checked = { answer: UpstreamAnswer; json: unknown } | { failure: ApiFailure }

export type Contract = Pick<PaidCall, 'operation' | 'schema' | 'captionFormat'>

export function checkOutcome(contract: Contract, outcome: Outcome): Checked {
  if ('failure' in outcome) return outcome
  try {
    return { answer: outcome.answer, json: checkAgainstContract(contract, outcome.answer.body) }
  } catch (e) {
    return { failure: asServiceFailure(e) }
  }
}

/** Throws the 502 for a body that breaks its contract; returns the body parsed (as sent, not the schema's output) when a schema checked it. */
export function checkAgainstContract(contract: Contract, body: string): unknown {
  const layout = contract.captionFormat && captionBodyFailure(contract.captionFormat, body)
  if (layout) throw layout
  if (!contract.schema) return undefined
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    throw new ApiFailure(
      502,
      'upstream_invalid',
      `The data service answered ${contract.operation} with a body that is not valid JSON.`,
    )
  }
  const parsed = contract.schema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue?.path.length ? issue.path.join('.') : 'the body'
    throw new ApiFailure(
      502,
      'upstream_invalid',
      `The data service's answer to ${contract.operation} broke the contract at ${where}: ${issue?.message ?? 'invalid'}.`,
    )
  }
  return json
}
