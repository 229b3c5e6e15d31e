/** Stores one collected track and its cues in one transaction; a minimal version until corpus-search's (cleaning, per-language config) replaces it. */
import type { Database, Queryable } from '../db/database.ts'
import type { CaptionItem } from '#contract/schemas.ts'

export type StoreTrackInput = {
  source: string
  videoId: string
  /** '' when the track was asked without lang (the video's default). */
  langAsked: string
  mode: string
  costMicro: number
  items: readonly CaptionItem[]
}

/** Returns the track's id; a track already stored for the same request is kept and its id returned. */
export async function storeTrack(db: Database, input: StoreTrackInput): Promise<number> {
  return db.transaction(async (tx) => {
    const existing = await findTrack(tx, input)
    if (existing !== undefined) return existing
    const lang = input.items.find((i) => typeof i.lang === 'string')?.lang ?? input.langAsked
    const [row] = await tx.query<{ id: unknown }>(
      `INSERT INTO corpus_tracks (source, video_id, lang_asked, mode, lang, cfg, cue_count, fetched_at, cost_micro)
       VALUES ($1, $2, $3, $4, $5, 'simple', $6, $7, $8) RETURNING id`,
      [
        input.source,
        input.videoId,
        input.langAsked,
        input.mode,
        lang,
        input.items.length,
        Date.now(),
        input.costMicro,
      ],
    )
    const id = Number(row!.id)
    for (const [seq, item] of input.items.entries())
      await tx.query(
        `INSERT INTO corpus_cues (track_id, seq, start_s, duration_s, text, cfg) VALUES ($1, $2, $3, $4, $5, 'simple')`,
        [id, seq, item.offset, item.duration, item.text],
      )
    return id
  })
}

async function findTrack(tx: Queryable, input: StoreTrackInput): Promise<number | undefined> {
  const [row] = await tx.query<{ id: unknown }>(
    'SELECT id FROM corpus_tracks WHERE source = $1 AND video_id = $2 AND lang_asked = $3 AND mode = $4',
    [input.source, input.videoId, input.langAsked, input.mode],
  )
  return row ? Number(row.id) : undefined
}
