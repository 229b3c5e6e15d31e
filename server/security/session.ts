/**
 * Sign-in for a dashboard with DASHBOARD_PASSWORD: a session cookie signed with HMAC-SHA256 (Hono's signed
 * cookies), HttpOnly, SameSite=Strict, Path=/, Secure over https. Stateless: signing out clears the cookie;
 * changing the password or SESSION_SECRET ends every session. docs/decisions/0013.
 */
import { createHash, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie'
import type { Config } from '../config.ts'
import { ApiFailure, errorResponse } from '../errors.ts'
import { isHttps } from './request-origin.ts'

export const SESSION_COOKIE = 'poix_session'
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 3600

/** Routes a signed-out browser may reach: whether sign-in is needed, and signing in. */
const OPEN_PATHS = new Set(['/api/health', '/api/session'])

export type Sessions = ReturnType<typeof createSessions>

export function createSessions(config: Pick<Config, 'dashboardPassword' | 'sessionSecret' | 'trustProxy'>, now: () => number = Date.now) {
  const password = config.dashboardPassword
  // Without SESSION_SECRET the key is derived from the password (slowly, once): every instance agrees on it.
  const secret = password ? (config.sessionSecret ?? scryptSync(password, 'poix-dashboard-session-v1', 32).toString('base64')) : undefined
  const passwordDigest = password ? createHash('sha256').update(password, 'utf8').digest() : undefined

  async function isSignedIn(c: Context): Promise<boolean> {
    if (!secret) return true
    const value = await getSignedCookie(c, secret, SESSION_COOKIE)
    if (!value) return false
    const issuedAt = Number(value.split('.')[0])
    const t = now() / 1000
    return Number.isInteger(issuedAt) && issuedAt <= t + 60 && t - issuedAt < SESSION_MAX_AGE_SECONDS
  }

  return {
    required: Boolean(password),
    isSignedIn,

    /** Constant-time: digests of equal length are compared whatever the guess. */
    passwordMatches(guess: string): boolean {
      if (!passwordDigest) return false
      return timingSafeEqual(createHash('sha256').update(guess, 'utf8').digest(), passwordDigest)
    },

    async signIn(c: Context): Promise<void> {
      if (!secret) return
      const value = `${Math.floor(now() / 1000)}.${randomBytes(12).toString('base64url')}`
      await setSignedCookie(c, SESSION_COOKIE, value, secret, {
        httpOnly: true,
        sameSite: 'Strict',
        path: '/',
        secure: isHttps(c, config.trustProxy),
        maxAge: SESSION_MAX_AGE_SECONDS,
      })
    },

    signOut(c: Context): void {
      deleteCookie(c, SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'Strict', secure: isHttps(c, config.trustProxy) })
    },

    /** Every /api route except health and session needs a valid session when a password is set. */
    guard(): MiddlewareHandler {
      return async (c, next) => {
        const path = new URL(c.req.url).pathname.replace(/\/+$/, '')
        if (!secret || OPEN_PATHS.has(path) || (await isSignedIn(c))) return next()
        return errorResponse(c, new ApiFailure(401, 'unauthorized', 'Sign in first: this dashboard is protected by a password.'))
      }
    },
  }
}
