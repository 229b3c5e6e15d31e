import { paths } from '#lib/paths.ts'

/** The header's navigation: only views that work are listed. */
export const NAV_ITEMS = [
  { to: paths.search(), label: 'Location search' },
  { to: paths.popular(), label: 'Popular' },
  { to: paths.channels(), label: 'Channels' },
  { to: paths.replies(), label: 'Replies' },
  { to: paths.videos(), label: 'Captions' },
  { to: paths.bulk(), label: 'Bulk download' },
  { to: paths.spend(), label: 'Spend' },
] as const
