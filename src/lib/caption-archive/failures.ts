/** What went wrong with a job, in the shape the report and the manifest record. */
import { ApiError } from '#lib/paid-fetch.ts'

/** A job not requested at all because a request it depends on failed (its video's default-language lookup). */
export class SkippedError extends Error {
  readonly status: number
  readonly code: string
  constructor(status: number, code: string, message: string) {
    super(message)
    this.name = 'SkippedError'
    this.status = status
    this.code = code
  }
}

export type FailureDescription = { status: number; code: string; message: string }

export function describeFailure(error: unknown): FailureDescription {
  if (error instanceof ApiError || error instanceof SkippedError)
    return { status: error.status, code: error.code, message: error.message }
  if (error instanceof Error) return { status: 0, code: 'client_error', message: error.message }
  return { status: 0, code: 'client_error', message: String(error) }
}
