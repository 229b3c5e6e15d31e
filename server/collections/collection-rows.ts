/** Database rows of collections → the HTTP interface's shapes (contract/collections.ts). */
import type {
  CollectionSummary,
  CollectionVideo,
  FoundBy,
  TrackFailure,
  TrackState,
} from '#contract/collections.ts'
import type { CaptionMode } from '#contract/enums.ts'
import { num, type Row } from '../db/database.ts'
import { fromMicro } from '../spend/money.ts'

/** The name a collection's data source is shown by: never the service's address (docs/decisions/0127). */
function sourceOf(source: string): CollectionSummary['source'] {
  return source === 'demo'
    ? { kind: 'demo', name: 'demo simulator (invented data)' }
    : { kind: 'live', name: 'Poix data service' }
}

/** jsonb arrives parsed (PGlite, pg) or as text (older drivers): one reading. */
export const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T))

const textOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null)

export function summaryOf(r: Row): CollectionSummary {
  return {
    id: String(r.id),
    name: String(r.name),
    description: String(r.description),
    lang: textOrNull(r.lang),
    mode: String(r.mode) as CaptionMode,
    createdAt: num(r.created_at),
    updatedAt: num(r.updated_at),
    videoCount: num(r.video_count),
    tracks: {
      wanted: num(r.wanted),
      collected: num(r.collected),
      unavailable: num(r.unavailable),
      failed: num(r.failed),
    },
    costUsd: fromMicro(num(r.spent_micro)),
    source: sourceOf(String(r.source)),
  }
}

export function videoOf(r: Row): CollectionVideo {
  return {
    videoId: String(r.video_id),
    position: num(r.position),
    title: textOrNull(r.title),
    channelId: textOrNull(r.channel_id),
    channelTitle: textOrNull(r.channel_title),
    publishedAt: textOrNull(r.published_at),
    foundBy: json<FoundBy[]>(r.found_by),
    addedAt: num(r.added_at),
    track: {
      state: String(r.track_state) as TrackState,
      lang: textOrNull(r.track_lang),
      cueCount: r.cue_count === null || r.cue_count === undefined ? null : num(r.cue_count),
      failure: r.failure ? json<TrackFailure>(r.failure) : null,
    },
  }
}
