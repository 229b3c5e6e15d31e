/** The sign-in form's message for a refused attempt: what went wrong and, when rate-limited, how long to wait. */
import { ApiError, errorMessage } from '#lib/api-client.ts'

export type SignInProblem = { message: string; waitSeconds?: number; wrongPassword?: boolean }

/** `45` → `45 seconds`; `150` → `3 minutes` (rounded up: waiting less would be refused again). */
export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds))
  if (s < 90) return `${s} second${s === 1 ? '' : 's'}`
  const m = Math.ceil(s / 60)
  return `${m} minutes`
}

export function signInProblem(error: unknown): SignInProblem {
  if (error instanceof ApiError && error.status === 429) {
    const wait = error.retryAfterSeconds
    return wait
      ? {
          message: `Too many sign-in attempts. Wait ${formatWait(wait)}, then try again.`,
          waitSeconds: Math.ceil(wait),
        }
      : { message: `Too many sign-in attempts. ${error.message}` }
  }
  if (error instanceof ApiError && error.status === 401) {
    return { message: 'Wrong password. Check it (it is case-sensitive) and try again.', wrongPassword: true }
  }
  if (error instanceof ApiError && error.status === 400) return { message: error.message }
  return { message: `Could not sign in: ${errorMessage(error)}` }
}
