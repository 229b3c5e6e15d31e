/** The route table's parser for /bulk (docs/decisions/0123-typed-addresses.md): tolerant, each bad value named. */
import { z } from 'zod'
import { CAPTION_FORMATS, CAPTION_MODES, LANGUAGE_CODES, type CaptionMode } from '#contract/enums.ts'
import { DEFAULT_PARALLEL, MAX_PARALLEL, MAX_VIDEOS, type BulkState } from '../paths/bulk.ts'
import { ModeParam, VideoIdParam } from './videos.ts'

const ParallelParam = z.coerce.number().int().min(1).max(MAX_PARALLEL)
const list = (raw: string | null): string[] =>
  (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

function pick<T extends string>(
  raw: string | null,
  allowed: readonly [T, ...T[]],
  name: string,
  problems: string[],
): T[] {
  const schema = z.enum(allowed)
  const chosen: T[] = []
  for (const v of list(raw)) {
    const r = schema.safeParse(v)
    if (r.success) {
      if (!chosen.includes(r.data as T)) chosen.push(r.data as T)
    } else
      problems.push(
        `Ignored ${name} "${v}": not one of ${allowed.length > 12 ? 'the service’s codes' : allowed.join(', ')}.`,
      )
  }
  return chosen
}

export function parseBulkSearch(sp: URLSearchParams): { state: BulkState; problems: string[] } {
  const problems: string[] = []
  const ids: string[] = []
  for (const id of list(sp.get('ids'))) {
    if (!VideoIdParam.safeParse(id).success)
      problems.push(`Ignored "${id.slice(0, 40)}" in ids: video ids are 11 letters, digits, - or _.`)
    else if (!ids.includes(id)) ids.push(id)
  }
  if (ids.length > MAX_VIDEOS) {
    problems.push(
      `Only the first ${MAX_VIDEOS} of ${ids.length} videos are listed: download bigger lists in parts.`,
    )
    ids.length = MAX_VIDEOS
  }
  const excluded = list(sp.get('off')).filter((id) => ids.includes(id))
  const formats = pick(sp.get('formats'), CAPTION_FORMATS, 'format', problems)
  const rawLangs = sp.get('langs')
  const languages =
    rawLangs === null || rawLangs === 'default'
      ? 'default'
      : pick(rawLangs, LANGUAGE_CODES, 'language', problems)
  let mode: CaptionMode = 'default'
  const rawMode = sp.get('mode')
  if (rawMode !== null) {
    const r = ModeParam.safeParse(rawMode)
    if (r.success) mode = r.data
    else problems.push(`Ignored mode "${rawMode}": use one of ${CAPTION_MODES.join(', ')}.`)
  }
  const rawFiles = sp.get('files')
  const files = rawFiles === 'converted' ? 'converted' : 'exact'
  if (rawFiles !== null && rawFiles !== files)
    problems.push(`Ignored files=${rawFiles}: use converted or exact.`)
  let parallel = DEFAULT_PARALLEL
  const rawParallel = sp.get('parallel')
  if (rawParallel !== null) {
    const r = ParallelParam.safeParse(rawParallel)
    if (r.success) parallel = r.data
    else problems.push(`Ignored parallel=${rawParallel}: use a whole number from 1 to ${MAX_PARALLEL}.`)
  }
  return { state: { ids, excluded, formats, languages, mode, files, parallel }, problems }
}
