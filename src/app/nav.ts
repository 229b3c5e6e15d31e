/** The header's navigation: only views that work are listed. */
export const NAV_ITEMS = [
  { to: '/search', label: 'Location search' },
  { to: '/popular', label: 'Popular' },
  { to: '/channels', label: 'Channels' },
  { to: '/replies', label: 'Replies' },
  { to: '/videos', label: 'Captions' },
  { to: '/bulk', label: 'Bulk download' },
  { to: '/spend', label: 'Spend' },
] as const
