/** Where the sign-in page sends the researcher back to: only a path inside this dashboard (no open redirect). */

const BASE = 'http://dashboard.invalid'

/** `next` from the sign-in URL → a same-origin path with its query and hash; anything else → `/`. */
export function safeReturnPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/'
  let url: URL
  try {
    url = new URL(next, BASE)
  } catch {
    return '/'
  }
  if (url.origin !== BASE || url.pathname === '/sign-in') return '/'
  return `${url.pathname}${url.search}${url.hash}`
}

/** The sign-in page's URL that returns to `returnTo` afterwards. */
export function signInPath(returnTo: string): string {
  const safe = safeReturnPath(returnTo)
  return safe === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(safe)}`
}
