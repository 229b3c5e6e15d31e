/** The route table's builders for /channels (docs/decisions/0123-typed-addresses.md); its parser is in paths-parse/. */
import type { HlCode } from '#contract/enums.ts'
import type { ChannelRef, ChannelTarget } from '../channel-lookup.ts'
import { ROUTES, seg, withQuery } from '../routes.ts'

// ——— /channels, /channels/:channelRef, /channels/user/:username, /channels?ids=&hl= ———

export type ChannelView =
  | { kind: 'lookup' }
  | { kind: 'one'; ref: ChannelRef }
  | { kind: 'compare'; ids: string[] }
  | { kind: 'invalid'; reason: string; input: string }

export type ChannelRoute = { view: ChannelView; hl: HlCode | undefined; problems: string[] }

/** The channels view of a lookup (no target: the lookup box), keeping the chosen language. */
export function channelsPath(target?: ChannelTarget, hl?: string): string {
  const q = new URLSearchParams()
  let path: string = ROUTES.channels
  if (target?.by === 'id') path = `${ROUTES.channels}/${seg(target.id)}`
  else if (target?.by === 'handle') path = `${ROUTES.channels}/${seg(target.handle).replace(/^%40/, '@')}`
  else if (target?.by === 'username') path = `${ROUTES.channels}/user/${seg(target.username)}`
  else if (target?.by === 'ids') q.set('ids', target.ids.join(','))
  if (hl) q.set('hl', hl)
  return withQuery(path, q.toString().replace(/%2C/g, ','))
}
