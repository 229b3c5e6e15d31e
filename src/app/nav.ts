import { ROUTES } from '#lib/routes.ts'

/** The header's navigation: only views that work are listed. */
export const NAV_ITEMS = [
  { to: ROUTES.search, label: 'Location search' },
  { to: ROUTES.popular, label: 'Popular' },
  { to: ROUTES.channels, label: 'Channels' },
  { to: ROUTES.replies, label: 'Replies' },
  { to: ROUTES.videos, label: 'Captions' },
  { to: ROUTES.bulk, label: 'Bulk download' },
  { to: ROUTES.spend, label: 'Spend' },
] as const
