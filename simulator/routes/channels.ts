/** GET /channels: by ids, handle and/or username; the union of the matches (docs/decisions/0031-channels-params.md). */
import { HANDLE_RE, HL_CODES } from '#contract/index.ts'
import { getDataset } from '../data/dataset.ts'
import type { ChannelRecord } from '../data/model.ts'
import { invalid } from '../errors.ts'
import { CHANNEL_FIELDS, channelResource, type ChannelField } from '../wire.ts'
import { enumParam, param, type SimContext } from './query.ts'

const MAX_CHANNEL_IDS = 50

/** `ids=a,b&ids=c` → [a, b, c]. */
function idsOf(c: SimContext): string[] {
  return (c.req.queries('ids') ?? [])
    .flatMap((v) => v.split(','))
    .map((s) => s.trim())
    .filter(Boolean)
}

function fieldsOf(c: SimContext): ChannelField[] | undefined {
  const raw = param(c, 'fields')
  if (raw === undefined) return undefined
  const names = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const unknown = names.filter((n) => !(CHANNEL_FIELDS as readonly string[]).includes(n))
  if (unknown.length)
    throw invalid(
      `fields: unknown field${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; known fields are ${CHANNEL_FIELDS.join(', ')}.`,
    )
  return names as ChannelField[]
}

export function channels(c: SimContext): Response {
  const ids = idsOf(c)
  const handle = param(c, 'forHandle')
  const username = param(c, 'forUsername')
  if (!ids.length && !handle && !username)
    throw invalid('Give ids, forHandle or forUsername to say which channels to fetch.')
  if (ids.length > MAX_CHANNEL_IDS)
    throw invalid(`ids lists ${ids.length} channels; at most ${MAX_CHANNEL_IDS} per request.`)
  if (handle && !HANDLE_RE.test(handle))
    throw invalid(`forHandle "${handle}" is not a handle: @ followed by 3–30 letters, digits, _, - or .`)
  const hl = enumParam(c, 'hl', HL_CODES)
  const fields = fieldsOf(c)

  const data = getDataset()
  const found: ChannelRecord[] = []
  const add = (ch: ChannelRecord | undefined) => {
    if (ch && !found.includes(ch)) found.push(ch)
  }
  ids.forEach((id) => add(data.channel(id)))
  if (handle) add(data.channelByHandle(handle))
  if (username) add(data.channelByUsername(username))

  const items = found.map((ch) => {
    const full = channelResource(ch, hl)
    return fields
      ? Object.fromEntries(
          Object.entries(full).filter(([k]) => k === 'id' || fields.includes(k as ChannelField)),
        )
      : full
  })
  return c.json({ totalResults: items.length, data: items })
}
