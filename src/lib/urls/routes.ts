/**
 * The router's path patterns and the helpers every view's URL module writes with. It imports nothing, so the shell's
 * first load (router, navigation, sign-in gate) stays small; each view's state, builders and parser are in its own
 * module beside this one (docs/decisions/0099, 0123).
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

/** A path with its query string, when there is one. */
export const withQuery = (path: string, query: string) => (query ? `${path}?${query}` : path)

/** One path segment, encoded. */
export const seg = (s: string) => encodeURIComponent(s)
