/** /channels' URLs: their state, builder and parser in one module, so a parameter is added in one place. */
import { z } from 'zod'
import { HL_CODES, type HlCode } from '#contract/enums.ts'
import { isChannelId, normaliseHandle, USERNAME_RE } from '#contract/identifiers.ts'
import {
  MAX_COMPARE_IDS,
  parseChannelLookup,
  type ChannelRef,
  type ChannelTarget,
} from '../channel-lookup.ts'
import { ROUTES, seg, withQuery } from './routes.ts'

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

const HlParam = z.enum(HL_CODES as unknown as [HlCode, ...HlCode[]])
const UsernameParam = z.string().regex(USERNAME_RE)

function parseHl(raw: string | null): { hl: HlCode | undefined; problem?: string } {
  if (raw === null || raw === '') return { hl: undefined }
  const hl = HlParam.safeParse(raw)
  if (hl.success) return { hl: hl.data }
  return {
    hl: undefined,
    problem: `Ignored hl=${raw}: the service's languages are codes such as es, fr, de, ja, ar, pt-PT, zh-TW.`,
  }
}

/** `params` from /channels/:channelRef or /channels/user/:username; `search` for ids and hl. */
export function parseChannelRoute(
  params: { channelRef?: string; username?: string },
  search: URLSearchParams,
): ChannelRoute {
  const { hl, problem } = parseHl(search.get('hl'))
  const problems = problem ? [problem] : []
  const done = (view: ChannelView): ChannelRoute => ({ view, hl, problems })

  if (params.username !== undefined) {
    const u = params.username.trim()
    return UsernameParam.safeParse(u).success
      ? done({ kind: 'one', ref: { by: 'username', username: u } })
      : done({
          kind: 'invalid',
          reason: `"${u}" is not a legacy username (letters, digits, _ . -, at most 100).`,
          input: `user/${u}`,
        })
  }
  if (params.channelRef !== undefined) {
    const ref = params.channelRef.trim()
    if (isChannelId(ref)) return done({ kind: 'one', ref: { by: 'id', id: ref } })
    if (ref.startsWith('@')) {
      const handle = normaliseHandle(ref)
      return handle
        ? done({ kind: 'one', ref: { by: 'handle', handle } })
        : done({
            kind: 'invalid',
            reason: `"${ref}" is not a handle: @ followed by 3–30 letters, digits, _, - or .`,
            input: ref,
          })
    }
    return done({
      kind: 'invalid',
      reason: `"${ref}" is neither a channel id (UC followed by 22 characters) nor a handle starting with @.`,
      input: ref,
    })
  }
  const ids = search.get('ids')
  if (ids !== null && ids.trim() !== '') {
    const r = parseChannelLookup(ids)
    if (!r.ok) return done({ kind: 'invalid', reason: r.reason, input: ids })
    if (r.target.by === 'id') return done({ kind: 'one', ref: r.target })
    if (r.target.by === 'ids') return done({ kind: 'compare', ids: r.target.ids.slice(0, MAX_COMPARE_IDS) })
    return done({ kind: 'invalid', reason: 'ids= takes channel ids (UC…) separated by commas.', input: ids })
  }
  return done({ kind: 'lookup' })
}
