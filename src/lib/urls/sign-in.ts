/** /sign-in's URL: the shell's sign-in gate loads it first, so it imports nothing but the route patterns. */
import { ROUTES } from './routes.ts'

// ——— /sign-in?next=<path> ———

const BASE = 'http://dashboard.invalid'

/** `next` from the sign-in URL → a same-origin path with its query and hash; anything else → `/` (no open redirect). */
export function safeReturnPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return ROUTES.home
  let url: URL
  try {
    url = new URL(next, BASE)
  } catch {
    return ROUTES.home
  }
  if (url.origin !== BASE || url.pathname === ROUTES.signIn) return ROUTES.home
  return `${url.pathname}${url.search}${url.hash}`
}

/** The sign-in page's URL that returns to `returnTo` afterwards. */
export function signInPath(returnTo?: string): string {
  const safe = safeReturnPath(returnTo)
  return safe === ROUTES.home ? ROUTES.signIn : `${ROUTES.signIn}?next=${encodeURIComponent(safe)}`
}
