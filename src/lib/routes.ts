/**
 * The route table's patterns and the links the shell needs (nav, sign-in): no dependencies, so the shell's first
 * load stays small. The views' builders are in paths.ts, their parsers in paths-parse/ (docs/decisions/0123).
 */
/** The router's path patterns (react-router syntax), one per view. */
export const ROUTES = {
  home: '/',
  search: '/search',
  popular: '/popular',
  channels: '/channels',
  channelUser: '/channels/user/:username',
  channel: '/channels/:channelRef',
  replies: '/replies',
  reply: '/replies/:commentId',
  videos: '/videos',
  video: '/videos/:videoId',
  bulk: '/bulk',
  spend: '/spend',
  collections: '/collections',
  collection: '/collections/:collectionId',
  signIn: '/sign-in',
} as const

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

/** A path with its query string, when there is one. */
export const withQuery = (path: string, query: string) => (query ? `${path}?${query}` : path)

/** One path segment, encoded. */
export const seg = (s: string) => encodeURIComponent(s)

export const homePath = () => ROUTES.home
