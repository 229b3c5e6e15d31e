import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../app-context.ts'
import { ApiFailure, errorResponse, invalidQuery } from '../errors.ts'
import { BODY_LIMITS, limitBody } from '../security/body-limit.ts'
import type { RateLimiter } from '../security/rate-limiter.ts'
import type { Sessions } from '../security/session.ts'

export const SignIn = z.object({ password: z.string().min(1).max(1024) })

/** /api/session: GET whether signed in, POST {password} to sign in (attempts rate-limited per client), DELETE to sign out. */
export function sessionRoute(sessions: Sessions, attempts: RateLimiter) {
  const state = (signedIn: boolean) => ({ signInRequired: sessions.required, signedIn })
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      await next()
      c.header('Cache-Control', 'no-store')
    })
    .get('/', async (c) => c.json(state(await sessions.isSignedIn(c))))
    .post('/', limitBody(BODY_LIMITS.small, 'send only {"password": "…"}.'), async (c) => {
      if (!sessions.required) return c.json(state(true))
      const parsed = SignIn.safeParse(await c.req.json().catch(() => undefined))
      if (!parsed.success)
        return errorResponse(c, invalidQuery('password', 'Send the password as JSON: {"password": "…"}.'))
      // Counted before the comparison, so a burst of guesses cannot all be checked before the limit applies.
      await attempts.take(c.var.clientKey)
      if (!sessions.passwordMatches(parsed.data.password))
        return errorResponse(c, new ApiFailure(401, 'unauthorized', 'Wrong password.', { param: 'password' }))
      await attempts.refund(c.var.clientKey)
      await sessions.signIn(c)
      return c.json(state(true))
    })
    .delete('/', async (c) => {
      await sessions.signOut(c)
      return c.json(state(!sessions.required))
    })
}
