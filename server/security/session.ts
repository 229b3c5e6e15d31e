/**
 * Sign-in for a dashboard with DASHBOARD_PASSWORD: a random session id in a cookie signed with HMAC-SHA256
 * (Hono's signed cookies), HttpOnly, SameSite=Strict, Path=/, Secure over https, and a row in the database's
 * `sessions` that every instance checks: signing out revokes the row, so a copied cookie stops working
 * everywhere. Changing the password or SESSION_SECRET ends every session. docs/decisions/0013, 0120.
 */
import { createHash, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie'
import type { Config } from '../config.ts'
import type { Database } from '../db/database.ts'
import { ApiFailure, errorResponse } from '../errors.ts'
import { orUnavailable } from '../db/storage-failure.ts'
import { isHttps } from './request-origin.ts'

export const SESSION_COOKIE = 'poix_session'
const SESSION_MAX_AGE_SECONDS = 7 * 24 * 3600

/** Routes a signed-out browser may reach: whether sign-in is needed, and signing in. */
const OPEN_PATHS = new Set(['/api/health', '/api/session'])

export type Sessions = ReturnType<typeof createSessions>

/** The row's key: a digest of the cookie's id, so a read of the table gives no usable cookie. */
const rowId = (id: string) => createHash('sha256').update(id, 'utf8').digest('base64url')

export function createSessions(
  config: Pick<Config, 'dashboardPassword' | 'sessionSecret' | 'trustProxyHops'>,
  db: Database,
  now: () => number = Date.now,
) {
  const password = config.dashboardPassword
  // Without SESSION_SECRET the key is derived from the password (slowly, once): every instance agrees on it.
  const secret = password
    ? (config.sessionSecret ?? scryptSync(password, 'poix-dashboard-session-v1', 32).toString('base64'))
    : undefined
  const passwordDigest = password ? createHash('sha256').update(password, 'utf8').digest() : undefined

  async function sessionId(c: Context): Promise<string | undefined> {
    if (!secret) return undefined
    const value = await getSignedCookie(c, secret, SESSION_COOKIE)
    return value || undefined
  }

  async function isSignedIn(c: Context): Promise<boolean> {
    if (!secret) return true
    const id = await sessionId(c)
    if (!id) return false
    const rows = await orUnavailable(() =>
      db.query('SELECT 1 FROM sessions WHERE id = $1 AND revoked_at IS NULL AND expires_at > $2', [
        rowId(id),
        now(),
      ]),
    )
    return rows.length > 0
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
      const id = randomBytes(24).toString('base64url')
      const t = now()
      await orUnavailable(() =>
        db.query('INSERT INTO sessions (id, created_at, expires_at) VALUES ($1, $2, $3)', [
          rowId(id),
          t,
          t + SESSION_MAX_AGE_SECONDS * 1000,
        ]),
      )
      // Expired and revoked sessions older than a week are of no use to anyone.
      void db
        .query('DELETE FROM sessions WHERE expires_at < $1 OR revoked_at < $1', [
          t - SESSION_MAX_AGE_SECONDS * 1000,
        ])
        .catch(() => undefined)
      await setSignedCookie(c, SESSION_COOKIE, id, secret, {
        httpOnly: true,
        sameSite: 'Strict',
        path: '/',
        secure: isHttps(c, config.trustProxyHops),
        maxAge: SESSION_MAX_AGE_SECONDS,
      })
    },

    /** Revokes the session for every instance, then clears the cookie. */
    async signOut(c: Context): Promise<void> {
      const id = await sessionId(c)
      if (id)
        await orUnavailable(() =>
          db.query('UPDATE sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [
            rowId(id),
            now(),
          ]),
        )
      deleteCookie(c, SESSION_COOKIE, {
        path: '/',
        httpOnly: true,
        sameSite: 'Strict',
        secure: isHttps(c, config.trustProxyHops),
      })
    },

    /** Every /api route except health and session needs a valid session when a password is set. */
    guard(): MiddlewareHandler {
      return async (c, next) => {
        const path = new URL(c.req.url).pathname.replace(/\/+$/, '')
        if (!secret) return next()
        const signedIn = await isSignedIn(c)
        c.set('signedIn', signedIn)
        if (signedIn || OPEN_PATHS.has(path)) return next()
        return errorResponse(
          c,
          new ApiFailure(401, 'unauthorized', 'Sign in first: this dashboard is protected by a password.'),
        )
      }
    },
  }
}
