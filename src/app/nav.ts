import type { Opening } from '#lib/pricing/opening-requests.ts'
import { ROUTES } from '#lib/urls/routes.ts'

type NavItem = { to: string; label: string; opening?: Opening }

/** The header's navigation: only views that work are listed; a view that pays on opening names what it opens, for its opening price. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: ROUTES.search, label: 'Location search' },
  { to: ROUTES.popular, label: 'Popular', opening: { kind: 'popular' } },
  { to: ROUTES.channels, label: 'Channels' },
  { to: ROUTES.replies, label: 'Replies' },
  { to: ROUTES.videos, label: 'Captions' },
  { to: ROUTES.bulk, label: 'Bulk download' },
  { to: ROUTES.collections, label: 'Collections' },
  { to: ROUTES.spend, label: 'Spend' },
]
