/** A segment as the client sends it → as stored: cues resolved against the collection's collected corpus track (its cleaned text). */
import type { CuesSegment, Segment, SegmentInput } from '#contract/coding.ts'
import { num, type Queryable } from '../../db/database.ts'
import { ApiFailure, invalidQuery } from '../../errors.ts'

/** Half a millisecond: a cue start sent back as the client read it still lands inside its own range. */
const EPSILON_S = 0.0005

export type ResolvedSegment = { segment: Segment; key: string; videoId: string | null; start: number | null }

/** The collected track of a video in a collection: 400 when the video is not there, 409 when its track is not collected. */
async function collectedTrack(
  q: Queryable,
  collectionId: string,
  videoId: string,
): Promise<{ trackId: number; lang: string }> {
  const [v] = await q.query(
    `SELECT cv.track_state, cv.track_id, t.lang FROM collection_videos cv
     LEFT JOIN corpus_tracks t ON t.id = cv.track_id
     WHERE cv.collection_id = $1 AND cv.video_id = $2`,
    [collectionId, videoId],
  )
  if (!v) throw invalidQuery('segment', `segment[videoId]: the video ${videoId} is not in this collection.`)
  if (v.track_state !== 'collected' || v.track_id === null || v.lang === null)
    throw new ApiFailure(
      409,
      'conflict',
      `segment[videoId]: the track of video ${videoId} is not collected in this collection (${String(v.track_state)}): collect it before coding its cues.`,
      { param: 'segment' },
    )
  return { trackId: num(v.track_id), lang: String(v.lang) }
}

async function resolveCues(
  q: Queryable,
  collectionId: string,
  s: Extract<SegmentInput, { kind: 'cues' }>,
): Promise<CuesSegment> {
  const { trackId, lang } = await collectedTrack(q, collectionId, s.videoId)
  const cues = await q.query(
    `SELECT seq, start_s, duration_s, text FROM corpus_cues
     WHERE track_id = $1 AND start_s >= $2 AND start_s < $3 ORDER BY seq`,
    [trackId, s.start - EPSILON_S, s.end - EPSILON_S],
  )
  const first = cues[0]
  const last = cues.at(-1)
  if (!first || !last)
    throw invalidQuery(
      'segment',
      `segment: no cue of video ${s.videoId} starts between ${s.start} s and ${s.end} s.`,
    )
  return {
    kind: 'cues',
    videoId: s.videoId,
    lang,
    start: num(first.start_s),
    end: num(last.start_s) + num(last.duration_s),
    firstSeq: num(first.seq),
    lastSeq: num(last.seq),
    text: cues.map((c) => String(c.text)).join('\n'),
  }
}

export async function resolveSegment(
  q: Queryable,
  collectionId: string,
  input: SegmentInput,
): Promise<ResolvedSegment> {
  if (input.kind === 'reply')
    return { segment: input, key: `reply:${input.commentId}`, videoId: input.videoId, start: null }
  const segment = await resolveCues(q, collectionId, input)
  return {
    segment,
    key: `cues:${segment.videoId}:${segment.firstSeq}-${segment.lastSeq}`,
    videoId: segment.videoId,
    start: segment.start,
  }
}
