import type { Door } from '#lib/opening-requests.ts'
import { ROUTES } from '#lib/routes.ts'

type NavItem = { to: string; label: string; door?: Door }

/** The header's navigation: only views that work are listed; a view that pays on opening carries its door, for its price. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: ROUTES.search, label: 'Location search' },
  { to: ROUTES.popular, label: 'Popular', door: { kind: 'popular' } },
  { to: ROUTES.channels, label: 'Channels' },
  { to: ROUTES.replies, label: 'Replies' },
  { to: ROUTES.videos, label: 'Captions' },
  { to: ROUTES.bulk, label: 'Bulk download' },
  { to: ROUTES.spend, label: 'Spend' },
]
